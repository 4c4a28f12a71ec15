import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { type Db, type DbOrTx, runsScripts, type Tx } from '../../../db/client.ts';
import { findUnsafeText, UNSAFE_TEXT_MESSAGE } from '../../../http/input-guard.ts';
import type { TenantScope } from '../../../http/tenancy.ts';
import { type AuditContext, recordAudits } from '../../audit/service.ts';
import { sandboxControlNumbers, sandboxDocumentNumber } from '../../integration/sandbox.ts';
import { allocateControlNumbers, type ControlNumber, NumberingError } from '../../numbering/engine.ts';
import { numberedEvent, recordWebhookEvents } from '../../webhooks/outbox.ts';
import {
  type AnyFamily,
  DocumentRejected,
  type IntakeContext,
  type IssuerRef,
  type PreparedDocument,
  type StoredDocument,
} from '../family.ts';
import { recordControlNumbers } from '../ledger/ledger.ts';
import { documentErrorMessage, isRetryable, sqlStateOf } from './errors.ts';
import { issuerResolver } from './issuer.ts';
import { documentSavepoints } from './savepoints.ts';

/** Documents checked and priced between two turns of the event loop (a few milliseconds of CPU). */
export const PREPARES_PER_TURN = 10;

/**
 * Keeps a request's answer in the transaction that stores its documents (an Idempotency-Key,
 * modules/integration/idempotency.ts): `reserve` first (false: another request holds the key, and
 * this one stores nothing), `keep` last, before the commit.
 */
export interface AnswerKeeper {
  id: string;
  reserve(tx: Tx): Promise<boolean>;
  keep(tx: Tx, answer: unknown): Promise<void>;
}

/** One request's share of a transaction: its context and its own answer. */
interface Owner {
  origin: 'API' | 'WEB';
  audit: AuditContext;
  createdBy: string;
  errors: Array<{ posicion: number; line: unknown }>;
  done: StoredDocument[];
  /** Order of arrival within a shared transaction. */
  seq: number;
  received: number;
  keeper?: AnswerKeeper;
  /** Another request holds the owner's Idempotency-Key: its documents are not stored. */
  taken?: boolean;
}

interface Item {
  index: number;
  raw: unknown;
  owner: Owner;
  prepared?: PreparedDocument;
  error?: string;
}

type Stored = { doc: StoredDocument; item: Item };

/** A company's lot could not number the whole group at once: the group is replayed per document. */
class BulkAllocationFailed extends Error {}

/** A document failed while the group was stored without savepoints: the group is replayed with them. */
class UnguardedFailure extends Error {}

/** A document number the family could not hand out automatically, in the bulk hand-off. */
class AutoNumberMissing extends Error {}

/**
 * Copies control numbers onto stored documents: the ledger (the database refuses a number held twice)
 * and the family's rows.
 */
async function handOff(
  tx: DbOrTx,
  family: AnyFamily,
  docs: StoredDocument[],
  numbers: ControlNumber[],
  sandbox = false,
) {
  // A sandbox document's number is no control number: onto its row only, never into the ledger.
  let at = new Date();
  if (sandbox)
    await family.intake.writeControlNumbers(
      tx,
      docs.map((d, i) => ({ id: d.id, control: numbers[i] })),
    );
  else
    at = await recordControlNumbers(
      tx,
      family,
      docs.map((d, i) => ({ documentId: d.id, issuer: d, control: numbers[i] })),
    );
  docs.forEach((d, i) => {
    d.nroControl = numbers[i].nroControl;
    d.controlAsignadoEn = at;
  });
  // 'documento.numerado' in the numbering's own transaction (nothing when nobody listens).
  await recordWebhookEvents(
    tx,
    docs.map((d) => numberedEvent(family.tipoDoc, d)),
  );
}

const sortKeyOf = (family: AnyFamily, p: PreparedDocument) =>
  family.intake.duplicateKey(p) ?? `${p.localidadId}|`;

/**
 * One transaction for a group of requests, taking its locks in a stable order so concurrent groups
 * rarely wait on each other (a deadlock the database breaks is retried by the caller): duplicates are
 * refused first (one query), then each document is stored in its own savepoint (sorted by its key, so
 * a failed one leaves nothing behind and its error is its own), and last, just before the commit, the
 * automatic document numbers and the control numbers of each company and branch are taken in bulk and
 * written — ledger and family rows, one statement each — in the order the documents arrived. The lot's
 * row is held only for those final statements and the commit.
 *
 * When a lot cannot number the whole group (used up, or none), the group is rolled back and replayed
 * `inline`: one group per company at a time, each document taking its numbers inside its own
 * savepoint, so each one that cannot be numbered fails alone.
 *
 * A group is first stored without those savepoints (`guarded` false): a document's failure is rare (the
 * duplicates and the bounds are refused before), and a savepoint per document was a quarter of the
 * statements of a single invoice. Should one fail, the whole group is rolled back, no number taken, and
 * replayed guarded, where its failure is its own as before.
 */
async function storeAll(
  db: Db,
  family: AnyFamily,
  items: Item[],
  owners: Owner[],
  inline: boolean,
  guarded: boolean,
  sandbox: boolean,
) {
  const { intake } = family;
  // A test key's documents: numbered from the company's sandbox sequences.
  const controlNumbersOf = async (tx: DbOrTx, issuer: IssuerRef, count: number): Promise<ControlNumber[]> =>
    sandbox
      ? // No lot: the row's lot stays null (the type says string for real numbers only).
        ((await sandboxControlNumbers(
          tx,
          issuer.localidadId,
          family.controlFamily,
          count,
        )) as unknown as ControlNumber[])
      : allocateControlNumbers(tx, {
          localidadId: issuer.localidadId,
          sucursalId: issuer.sucursalId,
          familia: family.controlFamily,
          count,
        });
  const documentNumberOf = (tx: DbOrTx, issuer: IssuerRef) =>
    sandbox
      ? sandboxDocumentNumber(tx, issuer.localidadId, family.controlFamily, intake.autoNumber?.sandboxNumber)
      : intake.autoNumber!.allocate(tx, issuer);
  const fail = (item: Item, message: string) =>
    item.owner.errors.push({
      posicion: item.index + 1,
      line: family.answer.error({
        posicion: item.index + 1,
        numberSent: intake.numberSent(item.raw),
        message,
      }),
    });
  for (const item of items) if (item.error !== undefined) fail(item, item.error);

  await db.transaction(async (tx) => {
    // Idempotency keys first, in a stable order: a request whose key another one holds stores nothing.
    const keyed = owners.filter((o) => o.keeper).sort((a, b) => (a.keeper!.id < b.keeper!.id ? -1 : 1));
    for (const owner of keyed) owner.taken = !(await owner.keeper!.reserve(tx));
    const keepAnswers = async () => {
      for (const owner of keyed) if (!owner.taken) await owner.keeper!.keep(tx, answerOf(family, owner));
    };
    let valid = items.filter((item) => item.prepared && !item.owner.taken);
    if (inline) {
      const companies = [...new Set(valid.map((item) => item.prepared!.localidadId))].sort();
      for (const id of companies)
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtextextended(${`emision:${family.controlFamily}:${id}`}, 0))`,
        );
    }

    // Duplicates: against what is stored (one query), and within the group itself.
    const numbered = valid.filter((item) => intake.duplicateKey(item.prepared!) !== null);
    const existing = numbered.length
      ? await intake.findExisting(
          tx,
          numbered.map((item) => item.prepared!),
        )
      : new Set<string>();
    const seen = new Set<string>();
    valid = valid.filter((item) => {
      const key = intake.duplicateKey(item.prepared!);
      if (key === null) return true;
      if (existing.has(key) || seen.has(key)) {
        fail(item, intake.duplicateMessage(item.prepared!));
        return false;
      }
      seen.add(key);
      return true;
    });

    const ordered = valid
      .map((item) => ({ item, key: sortKeyOf(family, item.prepared!) }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.item.index - b.item.index))
      .map(({ item }) => item);
    const stored: Stored[] = [];
    // Inline numbering takes numbers inside each document's savepoint: always guarded.
    const savepointed = guarded || inline;
    const savepoints = documentSavepoints(tx, runsScripts(db), savepointed);
    for (const item of ordered) {
      const p = item.prepared!;
      const auto = Boolean(intake.autoNumber) && intake.duplicateKey(p) === null;
      try {
        const doc = await savepoints.run(async (sp) => {
          const number = inline && auto ? ((await documentNumberOf(sp, p)) ?? undefined) : undefined;
          if (inline && auto && !number) throw new DocumentRejected(intake.autoNumber!.missingMessage);
          const saved: StoredDocument = await intake.store(sp, p, {
            origin: item.owner.origin,
            createdBy: item.owner.createdBy,
            sandbox,
            number,
          });
          if (!inline) return saved;
          saved.auto = false;
          const [control] = await controlNumbersOf(sp, saved, 1);
          await handOff(sp, family, [saved], [control], sandbox);
          return saved;
        });
        stored.push({ doc, item });
      } catch (error) {
        const message = documentErrorMessage(error, () => intake.duplicateMessage(p));
        if (message === null) throw error;
        // Without its savepoint the transaction cannot go on: replayed guarded.
        if (!savepointed) throw new UnguardedFailure(message);
        fail(item, message);
      }
    }
    if (stored.length === 0) return keepAnswers();
    // Numbers follow the order of arrival: request by request, document by document.
    stored.sort((a, b) => a.item.owner.seq - b.item.owner.seq || a.item.index - b.item.index);
    // Written before the numbers are taken: nothing but the numbering stands between them and the commit.
    // One entry per request, all in one statement.
    await recordAudits(
      tx,
      [...new Set(stored.map((s) => s.item.owner))].map((owner) => ({
        context: owner.audit,
        entry: {
          entity: family.auditEntity,
          entityId: null,
          action: 'create',
          after: stored.filter((s) => s.item.owner === owner).map((s) => intake.auditSummary(s.doc)),
        },
      })),
    );

    if (!inline) {
      const groups = new Map<string, StoredDocument[]>();
      for (const { doc } of stored) {
        const key = `${doc.localidadId}|${doc.sucursalId ?? ''}`;
        const group = groups.get(key);
        if (group) group.push(doc);
        else groups.set(key, [doc]);
      }
      const sortedGroups = [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, g]) => g);
      try {
        // Automatic document numbers first, then control numbers: always in this order.
        const autos = stored.filter((s) => s.doc.auto).map((s) => s.doc);
        if (autos.length > 0 && intake.autoNumber) {
          for (const group of sortedGroups) {
            for (const d of group.filter((x) => x.auto)) {
              const number = await documentNumberOf(tx, d);
              if (!number) throw new AutoNumberMissing(intake.autoNumber.missingMessage);
              d.serie ||= number.serie;
              d.numero = number.numero;
            }
          }
          await intake.autoNumber.write(tx, autos);
        }
        const docs: StoredDocument[] = [];
        const numbers: ControlNumber[] = [];
        for (const group of sortedGroups) {
          numbers.push(...(await controlNumbersOf(tx, group[0], group.length)));
          docs.push(...group);
        }
        await handOff(tx, family, docs, numbers, sandbox);
      } catch (error) {
        if (error instanceof NumberingError || error instanceof AutoNumberMissing)
          throw new BulkAllocationFailed(error.message);
        throw error;
      }
    }
    for (const { doc, item } of stored) item.owner.done.push(doc);
    await keepAnswers();
  });
}

/**
 * Stores a group, retrying what the database asks to retry: a deadlock broken between concurrent
 * groups, and the per-document replay when a lot cannot number a whole group.
 */
async function commitWithRetries(
  db: Db,
  family: AnyFamily,
  items: Item[],
  owners: Owner[],
  sandbox: boolean,
) {
  owners.forEach((o, i) => {
    o.seq = i;
  });
  let inline = false;
  let guarded = false;
  for (let attempt = 1; ; attempt++) {
    for (const o of owners) {
      o.errors.length = 0;
      o.done.length = 0;
      o.taken = false;
    }
    try {
      await storeAll(db, family, items, owners, inline, guarded, sandbox);
      return;
    } catch (error) {
      if (error instanceof UnguardedFailure && !guarded) {
        guarded = true;
        continue;
      }
      if (error instanceof BulkAllocationFailed && !inline) {
        inline = true;
        continue;
      }
      if (isRetryable(error) && attempt < 5) continue;
      throw error;
    }
  }
}

interface Submission {
  owner: Owner;
  items: Item[];
  resolve: () => void;
  reject: (e: unknown) => void;
}

/**
 * Group commit. Every transaction that stores documents ends with one flush of the log, and a company's
 * lot row lets only one such transaction through at a time: one document per transaction is bounded by
 * the disk. Requests that arrive while a transaction is in flight wait here and are stored together in
 * the next one, each document still in its own savepoint and each request with its own answer and audit.
 */
class Committer {
  private readonly queue: Submission[] = [];
  private active = 0;

  constructor(
    private readonly db: Db,
    private readonly family: AnyFamily,
    private readonly sandbox = false,
    private readonly maxParallel = 2,
    private readonly maxDocuments = 1000,
  ) {}

  submit(owner: Owner, items: Item[]): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ owner, items, resolve, reject });
      this.pump();
    });
  }

  private pump() {
    while (this.active < this.maxParallel && this.queue.length > 0) {
      const batch = [this.queue.shift()!];
      let count = batch[0].items.length;
      while (this.queue.length > 0 && count + this.queue[0].items.length <= this.maxDocuments) {
        const next = this.queue.shift()!;
        count += next.items.length;
        batch.push(next);
      }
      this.active++;
      this.run(batch).finally(() => {
        this.active--;
        this.pump();
      });
    }
  }

  private async run(batch: Submission[]) {
    try {
      await commitWithRetries(
        this.db,
        this.family,
        batch.flatMap((r) => r.items),
        batch.map((r) => r.owner),
        this.sandbox,
      );
      for (const r of batch) r.resolve();
    } catch (error) {
      if (batch.length === 1) return batch[0].reject(error);
      // An unexpected failure must not take the other requests down: each is stored on its own.
      for (const r of batch) {
        try {
          await commitWithRetries(this.db, this.family, r.items, [r.owner], this.sandbox);
          r.resolve();
        } catch (e) {
          r.reject(e);
        }
      }
    }
  }
}

const committers = new WeakMap<Db, Map<string, Committer>>();
function committerOf(db: Db, family: AnyFamily, sandbox: boolean): Committer {
  let byFamily = committers.get(db);
  if (!byFamily) {
    byFamily = new Map();
    committers.set(db, byFamily);
  }
  // Sandbox documents never share a transaction with real ones: each has its own committer.
  const key = sandbox ? `${family.tipoDoc}:sandbox` : family.tipoDoc;
  let committer = byFamily.get(key);
  if (!committer) {
    committer = new Committer(db, family, sandbox);
    byFamily.set(key, committer);
  }
  return committer;
}

/** Parsing and pricing errors that are not the document's fault (the database went away) are rethrown. */
function prepareErrorMessage(error: unknown): string | null {
  const code = sqlStateOf(error);
  if (code && /^(08|57|53|58|XX)/.test(code)) return null;
  return documentErrorMessage(error, () => 'El documento ya existe');
}

/** The answer of a request, and the ids of the documents it stored (their PDFs are queued next). */
export interface IssueResult<A> {
  answer: A;
  ids: string[];
}

/** Deeper than any document a family accepts (its extra fields included). */
const DOCUMENT_MAX_DEPTH = 64;

/**
 * Issues a request's documents of one family. Each document is judged on its own (contract: one bad
 * document never stops the good ones, and a failed one leaves nothing behind): parsing, pricing and
 * lookups happen first, without any lock; then all of a request's documents share one transaction
 * (with other requests arriving meanwhile: group commit), each inside its own savepoint.
 */
export async function issueDocuments<A>(
  db: Db,
  family: AnyFamily,
  scope: TenantScope,
  body: unknown[],
  options: { origin: 'API' | 'WEB'; audit: AuditContext; sandbox?: boolean; keeper?: AnswerKeeper },
): Promise<IssueResult<A>> {
  const sandbox = options.sandbox === true;
  // The guard lets a test key reach only the families that keep sandbox documents apart.
  if (sandbox && !family.sandbox)
    throw new Error(`la familia ${family.tipoDoc} no admite documentos de prueba`);
  const ctx: IntakeContext = { db, scope, issuer: issuerResolver(db, scope, { shared: true }), sandbox };
  const owner: Owner = {
    origin: options.origin,
    audit: options.audit,
    createdBy: options.audit.userEmail ?? 'sistema',
    errors: [],
    done: [],
    seq: 0,
    received: body.length,
    keeper: options.keeper,
  };
  const prepareOne = async (raw: unknown, index: number): Promise<Item> => {
    try {
      const prepared = await family.intake.prepare(ctx, raw);
      if (sandbox) prepared.sandbox = true;
      // After prepare, which bounds the document's depth without recursion.
      const unsafe = findUnsafeText(raw, DOCUMENT_MAX_DEPTH);
      if (unsafe !== null) return { index, raw, owner, error: `${unsafe}: ${UNSAFE_TEXT_MESSAGE}` };
      return { index, raw, owner, prepared };
    } catch (error) {
      const message = prepareErrorMessage(error);
      if (message === null) throw error;
      return { index, raw, owner, error: message };
    }
  };
  // Checking and pricing is pure CPU on the API's thread: a batch (a mass-load chunk, an API batch of up
  // to 1,000) is prepared PREPARES_PER_TURN at a time, concurrently within a slice, with a turn of the
  // event loop between slices, so that other requests are answered meanwhile.
  const items: Item[] = [];
  for (let from = 0; from < body.length; from += PREPARES_PER_TURN) {
    if (from > 0) await nextTurn();
    const slice = body.slice(from, from + PREPARES_PER_TURN);
    items.push(...(await Promise.all(slice.map((raw, i) => prepareOne(raw, from + i)))));
  }
  await committerOf(db, family, sandbox).submit(owner, items);
  return { answer: answerOf(family, owner) as A, ids: owner.done.map((d) => d.id) };
}

/** A request's answer in its family's shape, from what its transaction stored and refused. */
function answerOf(family: AnyFamily, owner: Owner): unknown {
  const errors = [...owner.errors].sort((a, b) => a.posicion - b.posicion).map((e) => e.line);
  return family.answer.build({
    code: errors.length > 0 ? 203 : 200,
    received: owner.received,
    errors,
    done: owner.done.map((d) => family.answer.done(d)),
  });
}
