import { cn } from '~/lib/cn';
import { Example } from './showcase-section';

/**
 * SPEC §2's breakpoints (640, 768 and 1024 px: Tailwind's sm, md and lg) and what the shell and
 * the primitives change at each. `shownAt` holds the classes that show a band only while the
 * window is in it, so the "now" line is the stylesheet's own answer, with or without JavaScript.
 */
const BANDS = [
  {
    key: 'phone',
    name: 'Phone',
    range: 'below 640 px',
    shownAt: 'sm:hidden',
    changes: [
      'Sheets slide up from the bottom, full width, with a drag handle.',
      'Pages have 16 px side padding; the five tabs sit in a bar at the bottom.',
      'Form grids and card grids are one column.',
    ],
  },
  {
    key: 'sm',
    name: 'sm',
    range: '640 px and wider',
    shownAt: 'hidden sm:inline md:hidden',
    changes: [
      'Sheets become a centred dialog, at most 448 px wide, rounded on every corner.',
      'Pages get 24 px side padding; page titles grow from 24 to 30 px.',
      'The showcase\u2019s form and card grids get two columns.',
    ],
  },
  {
    key: 'md',
    name: 'md',
    range: '768 px and wider',
    shownAt: 'hidden md:inline lg:hidden',
    changes: ['Login and signup show the brand panel beside the form.', 'No primitive in components/ui changes here.'],
  },
  {
    key: 'lg',
    name: 'lg',
    range: '1024 px and wider',
    shownAt: 'hidden lg:inline',
    changes: [
      'The tab bar becomes a 240 px rail down the left, with the logo and the notification bell.',
      'The showcase\u2019s contents stay in view as a column beside the page.',
    ],
  },
] as const;

export function BreakpointExamples() {
  return (
    <>
      <Example label="This window now" layout="stack">
        <p className="text-sm text-slate-700" data-testid="current-breakpoint">
          {BANDS.map((band) => (
            <span key={band.key} className={cn('font-semibold text-brand-700', band.shownAt)}>
              {band.name} ({band.range})
            </span>
          ))}
        </p>
        <p className="mt-1 text-sm text-slate-600">
          Resize the window, or use the browser&rsquo;s device toolbar, and open the sheets to see each band.
        </p>
      </Example>
      <Example label="What changes at each" layout="grid">
        {BANDS.map((band) => (
          <div key={band.key} className="rounded-xl border border-slate-200 p-3.5">
            <h3 className="text-sm font-semibold text-slate-900">
              {band.name} <span className="font-normal text-slate-600">· {band.range}</span>
            </h3>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-600">
              {band.changes.map((change) => (
                <li key={change}>{change}</li>
              ))}
            </ul>
          </div>
        ))}
      </Example>
    </>
  );
}
