import * as cheerio from 'cheerio';

/** The official rates the central bank publishes on its home page, by the element id it uses. */
export const BCV_CURRENCIES = { USD: 'dolar', EUR: 'euro', CNY: 'yuan', TRY: 'lira', RUB: 'rublo' } as const;
export type BcvIso = keyof typeof BCV_CURRENCIES;

export interface BcvRate {
  iso: BcvIso;
  /** Bs. per unit, exact decimal text with a dot ("36.12345678"). */
  valor: string;
  /** The "Fecha Valor" the bank gives, yyyy-MM-dd. */
  fecha: string;
}

export class BcvParseError extends Error {}

/** "36,12345678" or "1.036,12" → "36.12345678" / "1036.12" */
function toDecimal(text: string): string | null {
  const cleaned = text.replace(/\s/g, '');
  if (!/^\d{1,3}(\.\d{3})*(,\d+)?$|^\d+(,\d+)?$/.test(cleaned)) return null;
  return cleaned.replace(/\./g, '').replace(',', '.');
}

/**
 * Reads the rates from the central bank's page (spec 000 §7 GetDivisasBcv). Every currency and the
 * value date must be present: a page whose layout changed is an error, not a partial answer.
 */
export function parseBcvPage(html: string): BcvRate[] {
  const $ = cheerio.load(html);
  const dateAttr = $('span.date-display-single').first().attr('content') ?? '';
  const fecha = /^\d{4}-\d{2}-\d{2}/.exec(dateAttr)?.[0];
  if (!fecha) throw new BcvParseError('No se encontró la Fecha Valor en la página del BCV');
  return (Object.entries(BCV_CURRENCIES) as Array<[BcvIso, string]>).map(([iso, id]) => {
    const text = $(`#${id} strong`).first().text().trim();
    const valor = toDecimal(text);
    if (!valor) throw new BcvParseError(`No se encontró la tasa de ${iso} en la página del BCV`);
    return { iso, valor, fecha };
  });
}

/** Downloads and parses the page; the address is configurable (BCV_URL). */
export async function fetchBcvRates(url: string, timeoutMs = 15_000): Promise<BcvRate[]> {
  let response: Response;
  try {
    response = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { 'user-agent': 'sigece/2' },
    });
  } catch {
    throw new BcvParseError(`No se pudo consultar la página del BCV (${url})`);
  }
  if (!response.ok) throw new BcvParseError(`La página del BCV respondió ${response.status}`);
  return parseBcvPage(await response.text());
}
