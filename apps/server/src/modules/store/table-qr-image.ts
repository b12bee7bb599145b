import sharp from 'sharp';

/** The band under a table's QR code that carries its name (issue 31), in px of the 1080 px image. */
export const TABLE_LABEL_HEIGHT = 200;

const escapeXml = (s: string) =>
  s.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/**
 * The table's name as a white band of `width` px, black bold sans-serif centred, shrunk to fit a long
 * name. Drawn by librsvg (through sharp) with the system's fonts, so any script the fonts cover prints.
 */
export function tableLabelSvg(title: string, width: number): string {
  const chars = [...title].length || 1;
  // A bold sans glyph is about 0.62 em wide: fit the name in 90 % of the width, at most 110 px high.
  const size = Math.max(28, Math.min(110, Math.floor((width * 0.9) / (chars * 0.62))));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${TABLE_LABEL_HEIGHT}">
<rect width="100%" height="100%" fill="#ffffff"/>
<text x="50%" y="${Math.round(TABLE_LABEL_HEIGHT / 2)}" dominant-baseline="middle" text-anchor="middle"
 font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-weight="700" font-size="${size}" fill="#000000"
 textLength="${chars * size * 0.62 > width * 0.92 ? Math.round(width * 0.92) : ''}" lengthAdjust="spacingAndGlyphs">${escapeXml(title)}</text>
</svg>`.replace(' textLength="" lengthAdjust="spacingAndGlyphs"', '');
}

/**
 * A table's QR code with its name under it (issue 31): the code untouched on top (SPEC §9's 1080 px
 * width), the name in a band below, so a printed card says which table it belongs to.
 */
export async function withTableName(qrPng: Buffer, title: string, width: number): Promise<Buffer> {
  const label = await sharp(Buffer.from(tableLabelSvg(title, width)))
    .png()
    .toBuffer();
  return sharp({
    create: { width, height: width + TABLE_LABEL_HEIGHT, channels: 3, background: '#ffffff' },
  })
    .composite([
      { input: qrPng, top: 0, left: 0 },
      { input: label, top: width, left: 0 },
    ])
    .png()
    .toBuffer();
}
