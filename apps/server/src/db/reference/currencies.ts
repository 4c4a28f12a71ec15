/**
 * Currencies used by the application (invoice currency selector and price/exchange-rate columns of the spec).
 *
 * Sources:
 * - ISO 4217 currency codes and minor units (ISO 4217 Maintenance Agency, SIX Group) for USD, EUR, COP, CNY,
 *   TRY and RUB.
 * - Bolívar: the spec keeps the code VEF (bolívar fuerte) for the national currency. The ISO code changed to VES
 *   with the 2018 monetary reconversion (effective 2018-08-20) and to VED ("bolívar digital") with the 2021
 *   reconversion (effective 2021-10-01), both decreed by the Executive with the BCV; VEF is kept here because the
 *   application's data and the spec's currency ids use it (1 VEF, 2 EUR, 3 USD, 4 COP).
 * - Petro (PTR): crypto-asset issued by the Venezuelan State (not an ISO 4217 currency), 8 decimals as shown by
 *   the spec; its platform was shut down in January 2024, so it is kept only for historical documents.
 */

export type Divisa = { iso: string; nombre: string; simbolo: string; decimales: number };

export const DIVISAS: Divisa[] = [
  { iso: 'VEF', nombre: 'Bolívar', simbolo: 'Bs.', decimales: 2 },
  { iso: 'USD', nombre: 'Dólar estadounidense', simbolo: '$', decimales: 2 },
  { iso: 'EUR', nombre: 'Euro', simbolo: '€', decimales: 2 },
  { iso: 'PTR', nombre: 'Petro', simbolo: 'PTR', decimales: 8 },
  { iso: 'COP', nombre: 'Peso colombiano', simbolo: 'COL$', decimales: 2 },
  { iso: 'CNY', nombre: 'Yuan renminbi chino', simbolo: '¥', decimales: 2 },
  { iso: 'TRY', nombre: 'Lira turca', simbolo: '₺', decimales: 2 },
  { iso: 'RUB', nombre: 'Rublo ruso', simbolo: '₽', decimales: 2 },
];
