import { randomUUID } from 'node:crypto';
import { caracasDate, dec, lotRange, MODULE_CATALOG, money, type RoleModule } from '@sigece/fiscal';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  clientes,
  controlLots,
  controlSublots,
  divisas,
  estados,
  localidades,
  modules,
  municipios,
  productos,
  roles,
  sucursales,
  tasasCambio,
  tiposGravamen,
  users,
  withholdingNumberRanges,
} from '../db/schema.ts';
import { hashPassword } from '../modules/security/password.ts';

export const DEMO_ADMIN_EMAIL = 'admin@sigece.local';
export const DEMO_USER_EMAIL = 'usuario@sigece.local';
export const DEMO_USER_PASSWORD = 'usuario123';
export const DEMO_COMPANY_RIF = { tipoDocumento: 'J', numeroDocumento: '123456789' } as const;
/** The bolívares per dollar and per euro the demo seeds as today's rates. */
export const DEMO_RATES = { USD: '237.75290000', EUR: '276.61098245' } as const;

/** A demo product's prices: its dollar price, and the bolívar and euro prices it makes at DEMO_RATES. */
export function demoPrices(usd: string): { divisaPrecio: string; precio: string; precioEur: string } {
  const precio = money(dec(usd).times(DEMO_RATES.USD));
  return { divisaPrecio: usd, precio, precioEur: money(dec(precio).div(DEMO_RATES.EUR)) };
}

export const DEMO_SECOND_COMPANY_RIF = { tipoDocumento: 'J', numeroDocumento: '987654321' } as const;

/**
 * The modules of the spec's route tables. Seeded on every database: they are the application's own
 * screens, not demo data. New action keys are added to existing modules; nothing is removed.
 */
export async function seedModules(db: Db): Promise<void> {
  const existing = await db.select().from(modules);
  const byPath = new Map(existing.map((m) => [m.path, m]));
  for (const entry of MODULE_CATALOG) {
    const current = byPath.get(entry.path);
    if (!current) {
      await db.insert(modules).values({
        name: entry.nombre,
        path: entry.path,
        opciones: entry.acciones.map((a) => ({ _id: randomUUID(), key: a.key, description: a.description })),
      });
      continue;
    }
    const missing = entry.acciones.filter((a) => !current.opciones.some((o) => o.key === a.key));
    if (missing.length > 0) {
      await db
        .update(modules)
        .set({ opciones: [...current.opciones, ...missing.map((a) => ({ _id: randomUUID(), ...a }))] })
        .where(eq(modules.id, current.id));
    }
  }
}

/** Every action of a module, switched on. */
function grantAll(module: typeof modules.$inferSelect): RoleModule {
  return {
    id: module.id,
    nombre: module.name,
    path: module.path,
    permiso: true,
    acciones: module.opciones.map((o) => ({
      _id: o._id,
      key: o.key,
      description: o.description,
      status: true,
    })),
  };
}

async function upsertRole(db: Db, rol: string, descripcion: string, modulos: RoleModule[]): Promise<string> {
  const [found] = await db.select().from(roles).where(eq(roles.rol, rol)).limit(1);
  if (found) return found.id;
  const [created] = await db.insert(roles).values({ rol, descripcion, modulos }).returning({ id: roles.id });
  return created.id;
}

/** The demo: roles admin and user, and the master administrator. Idempotent. */
export async function seedDemo(db: Db, options: { adminPassword: string }): Promise<void> {
  const all = await db.select().from(modules);
  const userPaths = new Set(MODULE_CATALOG.filter((m) => m.roles.includes('user')).map((m) => m.path));
  const adminRoleId = await upsertRole(
    db,
    'admin',
    'Administrador: todas las pantallas y acciones',
    all.map(grantAll),
  );
  await upsertRole(
    db,
    'user',
    'Usuario: facturación, retenciones, reportes y usuarios',
    all.filter((m) => userPaths.has(m.path)).map(grantAll),
  );
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_ADMIN_EMAIL))
    .limit(1);
  if (!admin) {
    await db.insert(users).values({
      tipoDocumento: 'V',
      numeroDocumento: '12345678',
      firstName: 'Administrador',
      lastName: 'Maestro',
      userAlias: 'admin',
      email: DEMO_ADMIN_EMAIL,
      passwordHash: await hashPassword(options.adminPassword),
      roleId: adminRoleId,
      masterAdmin: true,
    });
  }
}

async function placeOf(db: Db, estadoIso: string, municipio: string) {
  const [row] = await db
    .select({ estadoId: estados.id, municipioId: municipios.id })
    .from(municipios)
    .innerJoin(estados, eq(estados.id, municipios.estadoId))
    .where(and(eq(estados.iso, estadoIso), eq(municipios.nombre, municipio)))
    .limit(1);
  return row ?? { estadoId: null, municipioId: null };
}

async function upsertCompany(db: Db, values: typeof localidades.$inferInsert): Promise<string> {
  const [found] = await db
    .select({ id: localidades.id })
    .from(localidades)
    .where(
      and(
        eq(localidades.tipoDocumento, values.tipoDocumento),
        eq(localidades.numeroDocumento, values.numeroDocumento),
      ),
    )
    .limit(1);
  if (found) return found.id;
  const [row] = await db.insert(localidades).values(values).returning({ id: localidades.id });
  return row.id;
}

/**
 * The demo companies: Demo Comercial with branch 001, products at
 * 16 %, 8 % and exempt and a few clients; Servicios Ejemplo; the user usuario@sigece.local granted only
 * Demo Comercial; and today's USD and EUR rates so foreign-currency documents work offline.
 */
export async function seedDemoCompanies(db: Db): Promise<void> {
  const caracas = await placeOf(db, 'VE-A', 'Libertador');
  const demoId = await upsertCompany(db, {
    ...DEMO_COMPANY_RIF,
    nombre: 'Demo Comercial, C.A.',
    ...caracas,
    direccion: 'Av. Francisco de Miranda, Torre Demo, piso 3, Chacao',
    telefono: '(212) 5551234',
    correo: 'facturacion@democomercial.com.ve',
    contribuyenteEspecial: true,
    tipoProveedor: 'PJD',
  });
  const valencia = await placeOf(db, 'VE-G', 'Valencia');
  const secondId = await upsertCompany(db, {
    ...DEMO_SECOND_COMPANY_RIF,
    nombre: 'Servicios Ejemplo, S.A.',
    ...valencia,
    direccion: 'Av. Bolívar Norte, Centro Comercial Ejemplo, local 12, Valencia',
    telefono: '(241) 5559876',
    correo: 'administracion@serviciosejemplo.com.ve',
    tipoProveedor: 'PJD',
  });
  const [branch] = await db
    .select({ id: sucursales.id })
    .from(sucursales)
    .where(eq(sucursales.localidadId, demoId))
    .limit(1);
  if (!branch) {
    await db.insert(sucursales).values({
      localidadId: demoId,
      codigoSucursal: '001',
      nombre: 'Sucursal Centro',
      direccion: 'Av. Urdaneta, Edif. Demo, PB, La Candelaria, Caracas',
      telefono: '(212) 5554321',
      correo: 'centro@democomercial.com.ve',
      ...caracas,
    });
  }
  if ((await db.$count(productos, eq(productos.localidadId, demoId))) === 0) {
    const tipos = await db.select().from(tiposGravamen);
    const tipo = (codigo: string) => tipos.find((t) => t.codigo === codigo)?.id ?? null;
    await db.insert(productos).values([
      {
        localidadId: demoId,
        codigo: 'P-001',
        descripcion: 'Resma de papel carta 75 g',
        unidadMedida: 'UNIDAD',
        ...demoPrices('6.50'),
        stock: '500',
        tipoVenta: 'Interna',
        tipoGravamenId: tipo('G'),
      },
      {
        localidadId: demoId,
        codigo: 'P-002',
        descripcion: 'Tóner láser negro',
        unidadMedida: 'UNIDAD',
        ...demoPrices('48.00'),
        stock: '40',
        tipoVenta: 'Interna',
        tipoGravamenId: tipo('G'),
      },
      {
        localidadId: demoId,
        codigo: 'P-003',
        descripcion: 'Harina de maíz precocida 1 kg',
        unidadMedida: 'UNIDAD',
        ...demoPrices('1.20'),
        stock: '1200',
        tipoVenta: 'Interna',
        tipoGravamenId: tipo('R'),
      },
      {
        localidadId: demoId,
        codigo: 'P-004',
        descripcion: 'Libro de texto escolar',
        unidadMedida: 'UNIDAD',
        ...demoPrices('10.00'),
        stock: '150',
        tipoVenta: 'Interna',
        exento: true,
      },
    ]);
  }
  if ((await db.$count(clientes, eq(clientes.localidadId, demoId))) === 0) {
    await db.insert(clientes).values([
      {
        localidadId: demoId,
        tipoDocumento: 'V',
        numeroDocumento: '12345678',
        identificacion: 'Pedro Pérez',
        correo: 'pedro.perez@example.com',
        direccion: 'Calle 5, Los Palos Grandes, Caracas',
        telefonoMovil: '(414) 5550001',
      },
      {
        localidadId: demoId,
        tipoDocumento: 'J',
        numeroDocumento: '305678901',
        identificacion: 'Inversiones Caribe, C.A.',
        correo: 'compras@invcaribe.com.ve',
        direccion: 'Av. Principal de Las Mercedes, Caracas',
        telefonoMovil: '(212) 5550002',
        contribuyenteEspecial: true,
        tipoProveedor: 'PJD',
      },
      {
        localidadId: demoId,
        tipoDocumento: 'E',
        numeroDocumento: '84123456',
        identificacion: 'María González',
        correo: 'maria.gonzalez@example.com',
        direccion: 'Urb. El Cafetal, Caracas',
        telefonoMovil: '(424) 5550003',
      },
    ]);
  }
  if ((await db.$count(clientes, eq(clientes.localidadId, secondId))) === 0) {
    await db.insert(clientes).values([
      {
        localidadId: secondId,
        tipoDocumento: 'J',
        numeroDocumento: '401234567',
        identificacion: 'Constructora Valencia, C.A.',
        correo: 'pagos@convalencia.com.ve',
        direccion: 'Zona Industrial Norte, Valencia',
        telefonoMovil: '(241) 5550004',
        tipoProveedor: 'PJD',
      },
    ]);
  }
  const today = caracasDate();
  await db
    .insert(tasasCambio)
    .values([
      { iso: 'USD', fecha: today, valor: DEMO_RATES.USD, fuente: 'DEMO' },
      { iso: 'EUR', fecha: today, valor: DEMO_RATES.EUR, fuente: 'DEMO' },
    ])
    .onConflictDoNothing();
  // The currencies show the rate in force: today's, unless a newer one is already there.
  for (const [iso, valor] of Object.entries(DEMO_RATES)) {
    await db
      .update(divisas)
      .set({ valor, fechaValor: today })
      .where(
        and(eq(divisas.iso, iso), sql`(${divisas.fechaValor} is null or ${divisas.fechaValor} <= ${today})`),
      );
  }
  await seedDemoNumbering(db, demoId, secondId, valencia);
  const [userRole] = await db.select({ id: roles.id }).from(roles).where(eq(roles.rol, 'user')).limit(1);
  const [demoUser] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_USER_EMAIL))
    .limit(1);
  if (!demoUser && userRole) {
    await db.insert(users).values({
      tipoDocumento: 'V',
      numeroDocumento: '87654321',
      firstName: 'Usuario',
      lastName: 'Demo',
      userAlias: 'usuario',
      email: DEMO_USER_EMAIL,
      passwordHash: await hashPassword(DEMO_USER_PASSWORD),
      roleId: userRole.id,
      localidades: [demoId],
    });
  }
}

/**
 * Demo Comercial issues straight away: active global lots of 100,000 numbers for invoices and notes,
 * orders and guides, and withholdings, plus automatic withholding voucher numbers. Servicios Ejemplo
 * shows the other kind: an individual invoice lot, part of it split to its own branch.
 */
async function seedDemoNumbering(
  db: Db,
  demoId: string,
  secondId: string,
  place: { estadoId: string | null; municipioId: string | null },
) {
  if ((await db.$count(controlLots, eq(controlLots.localidadId, demoId))) === 0) {
    for (const familia of ['FACTURA', 'ORDEN', 'RETENCION']) {
      await db.insert(controlLots).values({
        localidadId: demoId,
        familia,
        tipo: 'GLOBAL',
        serie: '00',
        cantidad: 100_000,
        ...lotRange(0, 100_000),
        status: 'ACTIVO',
        createdBy: 'demo',
      });
    }
    await db.insert(withholdingNumberRanges).values({
      localidadId: demoId,
      serie: '00',
      cantidad: 100_000,
      ...lotRange(0, 100_000),
      status: 'ACTIVO',
      createdBy: 'demo',
    });
  }
  let [branch] = await db
    .select({ id: sucursales.id })
    .from(sucursales)
    .where(eq(sucursales.localidadId, secondId))
    .limit(1);
  if (!branch) {
    [branch] = await db
      .insert(sucursales)
      .values({
        localidadId: secondId,
        codigoSucursal: '002',
        nombre: 'Sucursal Norte',
        direccion: 'Av. Universidad, Naguanagua, Carabobo',
        telefono: '(241) 5551122',
        correo: 'norte@serviciosejemplo.com.ve',
        ...place,
      })
      .returning({ id: sucursales.id });
  }
  if ((await db.$count(controlLots, eq(controlLots.localidadId, secondId))) === 0) {
    const [lot] = await db
      .insert(controlLots)
      .values({
        localidadId: secondId,
        familia: 'FACTURA',
        tipo: 'INDIVIDUAL',
        serie: '00',
        cantidad: 10_000,
        ...lotRange(0, 10_000),
        subAsignado: 2_000,
        status: 'ACTIVO',
        createdBy: 'demo',
      })
      .returning();
    await db.insert(controlSublots).values({
      lotId: lot.id,
      localidadId: secondId,
      sucursalId: branch.id,
      familia: 'FACTURA',
      serie: '00',
      cantidad: 2_000,
      ...lotRange(0, 2_000),
      status: 'ACTIVO',
      createdBy: 'demo',
    });
  }
}
