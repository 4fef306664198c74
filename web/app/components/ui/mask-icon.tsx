import { cn } from '~/lib/cn';

/** The icons the stylesheet paints (tailwind.css, `.icon-*`): the ones on every page's shell. */
export type MaskIconName = 'home' | 'create' | 'community' | 'chat' | 'profile' | 'bell' | 'filter' | 'pin';

/**
 * A decorative icon in the text's colour, drawn by the cached stylesheet rather than an inline SVG
 * in the page: for the shell's icons, which every page carries. `className` sets its size (`size-6`).
 */
export function MaskIcon({ name, bold = false, className }: { name: MaskIconName; bold?: boolean; className?: string }) {
  return <span aria-hidden="true" className={cn('mask-icon', `icon-${name}`, bold && 'icon-bold', className)} />;
}
