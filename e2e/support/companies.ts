// A new company made through the API, for the journeys that need one of their own (its documents then
// belong to that journey alone, whatever the other journeys and projects issue on the demo company).
import { expect, type Page } from '@playwright/test';

/** A small valid JPEG, drawn by the browser (the logo a new company needs). */
export function jpegBase64(page: Page): Promise<string> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 32;
    canvas.height = 32;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#1b5e20';
    ctx.fillRect(0, 0, 32, 32);
    return canvas.toDataURL('image/jpeg', 0.9).split(',')[1];
  });
}

/** Registers a company in Los Teques (Miranda) with `addlocalidad` and answers its id. */
export async function createCompany(
  page: Page,
  headers: Record<string, string>,
  company: { numero: string; nombre: string; correo: string; contribuyenteEspecial: boolean },
): Promise<string> {
  const estados = await (
    await page.request.get('/v2/mantenimiento/estado/listar?limit=100', { headers })
  ).json();
  const estado = estados.results.find((e: { nombre: string }) => e.nombre === 'Miranda');
  const municipios = await (
    await page.request.get(`/v2/mantenimiento/regiones/getmunicipios?estado=${estado.id}&limit=500`, {
      headers,
    })
  ).json();
  const created = await page.request.post('/v2/mantenimiento/localidad/addlocalidad', {
    headers,
    data: {
      tipoDocumento: 'J',
      numeroDocumento: company.numero,
      nombre: company.nombre,
      id_estado: estado.id,
      id_municipio: municipios.results[0].id,
      direccion: 'Av. Principal, Los Teques',
      telefono: '(212) 5550000',
      correo: company.correo,
      tipoProveedor: 'PJD',
      contribuyenteEspecial: company.contribuyenteEspecial,
      aerolinea: false,
      logo: await jpegBase64(page),
    },
  });
  const body = await created.json();
  expect(created.status(), JSON.stringify(body)).toBe(200);
  expect(body.message).toBe('Localidad registrada');
  return body.result.id as string;
}
