import { readFileSync } from 'node:fs';
import { ICON_PITCH, ICON_SIZE, renderIconSheet, sheetShowsDrawing } from './icon-sheet';

const app = new URL('./app/', import.meta.url).pathname;
const drawing = readFileSync(`${app}icons.svg`, 'utf8');
const stylesheet = readFileSync(`${app}tailwind.css`, 'utf8');

/** The icons' names in the drawing, in their order along the row (their `<view>` ids). */
function iconNames(svg: string): string[] {
  return [...svg.matchAll(/<view id="([^"]+)" viewBox="(\d+) 0 24 24"/g)]
    .map(([, name, x]) => ({ name: name!, x: Number(x) }))
    .sort((a, b) => a.x - b.x)
    .map(({ name }) => name);
}

describe('the icon sheet', () => {
  it('is the rendering of the drawing as committed (npm run build:web writes it)', async () => {
    const committed = readFileSync(`${app}icons.png`);
    expect(await sheetShowsDrawing(committed, Buffer.from(drawing))).toBe(true);
    // A shape moved by one unit is a different sheet.
    const pinMoved = drawing.replace('<circle cx="12" cy="9.5" r="2.5" />', '<circle cx="12" cy="10.5" r="2.5" />');
    expect(pinMoved).not.toBe(drawing);
    expect(await sheetShowsDrawing(committed, Buffer.from(pinMoved))).toBe(false);
  });

  it('is made with a palette that stays within the check of the drawing', async () => {
    const sheet = await renderIconSheet(Buffer.from(drawing));
    expect(sheet.subarray(1, 4).toString()).toBe('PNG');
    expect(await sheetShowsDrawing(sheet, Buffer.from(drawing))).toBe(true);
  });

  it('draws each icon under its own name, one every 32 units', () => {
    const shapes = [...drawing.matchAll(/<view id="([^"]+)" viewBox="(\d+) 0 24 24" \/>\s*<svg x="(\d+)"/g)];
    expect(shapes.map(([, name]) => name)).toEqual(iconNames(drawing));
    shapes.forEach(([, name, viewX, shapeX], index) => {
      expect({ name, viewX: Number(viewX), shapeX: Number(shapeX) }).toEqual({
        name,
        viewX: index * ICON_PITCH,
        shapeX: index * ICON_PITCH,
      });
    });
    const width = (shapes.length - 1) * ICON_PITCH + ICON_SIZE;
    expect(drawing).toContain(`viewBox="0 0 ${width} ${ICON_SIZE}"`);
  });

  it('is painted by the stylesheet at the place of the icon each rule names', () => {
    const names = iconNames(drawing);
    const last = names.length - 1;
    const scale = ((last * ICON_PITCH + ICON_SIZE) / ICON_SIZE) * 100;
    // Every place the sheet is painted scales it so that one icon fills the element.
    const paints = [
      ...stylesheet.matchAll(
        /url\('\.\/icons\.png'\) calc\((var\(--icon\)|\d+) \* 100% \/ (\d+)\) 0 \/ (\d+)% 100% no-repeat;(?: \/\* ([a-z-]+) \*\/)?/g,
      ),
    ];
    expect(paints.length).toBe(stylesheet.match(/url\('\.\/icons\.png'\)/g)!.length);
    for (const [, index, divisor, size, name] of paints) {
      expect({ divisor: Number(divisor), size: Number(size) }).toEqual({ divisor: last, size: scale });
      if (index !== 'var(--icon)') expect(names[Number(index)]).toBe(name);
    }
    const numbered = [...stylesheet.matchAll(/--icon: (\d+); \/\* ([a-z-]+) \*\//g)];
    expect(numbered.length).toBe(stylesheet.match(/--icon:/g)!.length);
    for (const [, index, name] of numbered) expect(names[Number(index)]).toBe(name);
  });

  it('paints the verified seal and the logo in their own colours, and the masked icons in the text’s colour', () => {
    /** The selectors of the rule whose declarations include `declaration`. */
    const selectorsOf = (declaration: string) => {
      const rule = stylesheet.split('}').find((block) => block.includes(declaration));
      return (rule?.split('{')[0] ?? '')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .split(',')
        .map((selector) => selector.trim());
    };
    expect(selectorsOf("background: url('./icons.png')")).toEqual(['.verified-seal', '.logo-mark']);
    expect(selectorsOf("mask: url('./icons.png')")).toContain('.mask-icon');
  });
});
