// `npm run create-admin`: creates the first master administrator on a database without demo data.
// Non-interactive: --email and --password (or ADMIN_EMAIL / ADMIN_PASSWORD); otherwise it asks.
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { z } from '@sigece/fiscal';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { seedReference } from '../db/reference-seed.ts';
import { users } from '../db/schema.ts';
import { hashPassword } from '../modules/security/password.ts';
import { seedModules } from './seed.ts';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    name: { type: 'string', default: 'Administrador' },
  },
});

async function ask(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return (await rl.question(question)).trim();
  } finally {
    rl.close();
  }
}

const email = (
  values.email ??
  process.env.ADMIN_EMAIL ??
  (await ask('Correo del administrador: '))
).toLowerCase();
const password =
  values.password ?? process.env.ADMIN_PASSWORD ?? (await ask('Contraseña (mínimo 8 caracteres): '));

const input = z
  .object({
    email: z.email('El email no es válido'),
    password: z.string().min(8, 'La contraseña debe tener al menos 8 caracteres'),
  })
  .safeParse({ email, password });
if (!input.success) {
  console.error(input.error.issues.map((i) => i.message).join('\n'));
  process.exit(2);
}

const database = await openDatabase(loadConfig());
try {
  await database.migrate();
  await seedModules(database.db);
  await seedReference(database.db);
  const [existing] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (existing) {
    console.error(`Ya existe un usuario con el correo ${email}`);
    process.exitCode = 1;
  } else {
    await database.db.insert(users).values({
      tipoDocumento: 'V',
      numeroDocumento: '0',
      firstName: values.name ?? 'Administrador',
      lastName: '',
      userAlias: email.split('@')[0],
      email,
      passwordHash: await hashPassword(password),
      masterAdmin: true,
      createdBy: 'create-admin',
    });
    console.log(`Administrador maestro ${email} creado.`);
  }
} finally {
  await database.close();
}
