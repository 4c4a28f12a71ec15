/**
 * The page every fiscal document is set on: US letter, fixed margins, the footer band, the three PDF
 * standard fonts (Helvetica with WinAnsi: accents, "ñ" and "°" need no font files) and the inks.
 */

export type Align = 'left' | 'right' | 'center';

export const PAGE_W = 612;
export const PAGE_H = 792;
/** The margin on every side. */
export const M = 36;
/** The usable width between the margins. */
export const W = PAGE_W - 2 * M;
export const FOOTER_TOP = PAGE_H - 62;
/** The lowest line body content may reach before a page break. */
export const BOTTOM = FOOTER_TOP - 10;

export const FONT = 'Helvetica';
export const BOLD = 'Helvetica-Bold';
export const ITALIC = 'Helvetica-Oblique';
export const INK = '#000000';
export const GREY = '#505050';
export const FILL = '#e6e6e6';
export const RULE = '#9a9a9a';

/** Inner padding of a table cell. */
export const PAD = 3;
