import { readFile, rename, writeFile } from 'node:fs/promises';
import type { Sharp } from 'sharp';
import type { Plugin } from 'vite';

/**
 * The icon sheet (issue 26). `app/icons.svg` is the drawing: every icon the stylesheet paints in a
 * 24-unit square, one every 32 units along a row (8 units apart, so a scaled icon never picks up a
 * neighbour's edge). The stylesheet paints `app/icons.png`, that row at three times its size (72 px
 * an icon: sharp on a 3× phone screen), as masks in the text's colour and as the seal's and logo's
 * own colours. A browser paints a bitmap icon almost for free; an SVG icon costs it a pass over an
 * SVG document of its own each time it is painted, which for the hundred icons of a list page was
 * 150–200 ms of a throttled phone's main thread (docs/performance.md, "Icons from a bitmap").
 */
export const ICON_PITCH = 32;
export const ICON_SIZE = 24;
const SCALE = 3;

/** The drawing at the sheet's size (three times its units), for sharp to encode or read. */
async function rendered(svg: Buffer): Promise<Sharp> {
  const { default: sharp } = await import('sharp');
  return sharp(svg, { density: 72 * SCALE });
}

/** The PNG the stylesheet paints, made from the drawing (a palette of 256 colours with alpha: a third of the bytes). */
export async function renderIconSheet(svg: Buffer): Promise<Buffer> {
  return (await rendered(svg)).png({ palette: true, quality: 90, effort: 10, compressionLevel: 9 }).toBuffer();
}

/**
 * Whether the sheet shows the drawing: compared with the drawing rendered in full colour, no
 * premultiplied channel of any pixel is more than 48 of 255 apart. The palette's rounding stays under
 * 40, and a machine may round a little differently; a moved or redrawn shape differs by up to 255
 * along its edges. Reading the drawing costs no palette, which is most of a rendering's time.
 */
export async function sheetShowsDrawing(sheet: Buffer, svg: Buffer): Promise<boolean> {
  const { default: sharp } = await import('sharp');
  const [first, second] = await Promise.all(
    [sharp(sheet), await rendered(svg)].map((image) => image.ensureAlpha().raw().toBuffer({ resolveWithObject: true })),
  );
  if (first!.info.width !== second!.info.width || first!.info.height !== second!.info.height) return false;
  const [x, y] = [first!.data, second!.data];
  for (let pixel = 0; pixel < x.length; pixel += 4) {
    const [alphaX, alphaY] = [x[pixel + 3]!, y[pixel + 3]!];
    if (Math.abs(alphaX - alphaY) > 48) return false;
    for (let channel = 0; channel < 3; channel++) {
      const difference = (x[pixel + channel]! * alphaX - y[pixel + channel]! * alphaY) / 255;
      if (Math.abs(difference) > 48) return false;
    }
  }
  return true;
}

/** The sheet's check, made once a process. */
let checked: Promise<void> | undefined;

/**
 * Keeps `app/icons.png` the rendering of `app/icons.svg`: when the drawing has changed, a build or
 * the start of the dev server writes the PNG again (commit both). With `TRIBE_BUILD_READ_ONLY=1`
 * (`.ci/run` sets it) a stale PNG fails the build instead, so a drawing committed without its PNG
 * never lands. Checked once a process (a build runs the plugins of its client and server builds).
 */
export function iconSheetPlugin(appDirectory: string): Plugin {
  return {
    name: 'tribe-icon-sheet',
    buildStart() {
      checked ??= keepIconSheetCurrent(appDirectory, process.env.TRIBE_BUILD_READ_ONLY === '1');
      return checked;
    },
  };
}

async function keepIconSheetCurrent(appDirectory: string, readOnly: boolean): Promise<void> {
  const png = `${appDirectory}/icons.png`;
  const drawing = await readFile(`${appDirectory}/icons.svg`);
  const committed = await readFile(png).catch(() => undefined);
  if (committed && (await sheetShowsDrawing(committed, drawing))) return;
  if (readOnly)
    throw new Error(
      'web/app/icons.png is not the rendering of web/app/icons.svg: build once locally (npm run build:web) and commit the PNG',
    );
  // Written beside it and renamed, so a build reading the sheet at that moment sees one or the other whole.
  await writeFile(`${png}.tmp`, await renderIconSheet(drawing));
  await rename(`${png}.tmp`, png);
}
