-- Issue 18: withholdings to the letter of the law.
-- Item 1: the unidad tributaria of G.O. N° 43.140 (Bs. 43,00) for databases seeded before it (a fresh one gets
-- it from the seed too: db/reference/tax-units.ts, whose comment gives the sources).
INSERT INTO "unidades_tributarias" ("valor", "fecha_desde", "providencia", "gaceta_oficial")
VALUES ('43.00', '2025-06-04', 'SNAT/2025 (número no hallado en las copias públicas)', 'G.O. N° 43.140 (junio de 2025)')
ON CONFLICT ("fecha_desde") DO NOTHING;
--> statement-breakpoint
-- Item 2: Tarifa N° 2 concepts (Decreto 1.808 art. 9, PJND "escalonado" rows of SENIAT's table).
ALTER TABLE "conceptos_islr" ADD COLUMN "tarifa2" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "conceptos_islr" SET "tarifa2" = true
WHERE "codigo" IN ('005', '009', '023', '028', '029', '030', '031', '033', '035', '037', '039', '056', '060');
--> statement-breakpoint
ALTER TABLE "retencion_lineas" ADD COLUMN "acumulado_previo" numeric(20, 2);
--> statement-breakpoint
ALTER TABLE "retencion_lineas" ADD COLUMN "tramos" jsonb;
--> statement-breakpoint
-- Item 7: declared periods, with the file's exact bytes and SHA-256.
CREATE TABLE "declaraciones_retencion" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"id_localidad" uuid NOT NULL,
	"modelo_retencion" text NOT NULL,
	"periodo" text NOT NULL,
	"quincena" integer,
	"desde" date NOT NULL,
	"hasta" date NOT NULL,
	"nombre_archivo" text NOT NULL,
	"archivo" bytea NOT NULL,
	"sha256" text NOT NULL,
	"comprobantes" integer NOT NULL,
	"declarado_por" text NOT NULL,
	"fecha_declaracion" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "declaraciones_retencion_modelo_ck" CHECK ("modelo_retencion" in ('IVA', 'ISLR'))
);
--> statement-breakpoint
ALTER TABLE "declaraciones_retencion" ADD CONSTRAINT "declaraciones_retencion_id_localidad_localidades_id_fk" FOREIGN KEY ("id_localidad") REFERENCES "public"."localidades"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "declaraciones_retencion_localidad_idx" ON "declaraciones_retencion" USING btree ("id_localidad","modelo_retencion","desde");
--> statement-breakpoint
ALTER TABLE "retenciones" ADD COLUMN "id_declaracion" uuid;
