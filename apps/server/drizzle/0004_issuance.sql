-- 0004_issuance: the issuance kernel: the ledger of issued control numbers (one consecutive sequence per company and family, Providencia SNAT/2011/00071: invoices and credit/debit notes share it; the unique keys make the database refuse two documents holding one number) and each document's render state. Written by hand (see README, "Layout").
CREATE TABLE "control_numbers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"id_localidad" uuid NOT NULL,
	"id_sucursal" uuid,
	"familia" text NOT NULL,
	"id_control_lote" uuid,
	"serie" text NOT NULL,
	"numero" bigint NOT NULL,
	"nro_control" text NOT NULL,
	"tipo_doc" text NOT NULL,
	"id_documento" uuid NOT NULL,
	"emitido_en" timestamp with time zone DEFAULT now() NOT NULL,
	"pdf_estado" text DEFAULT 'PENDIENTE' NOT NULL,
	"pdf_error" text,
	"pdf_intentos" integer DEFAULT 0 NOT NULL,
	"pdf_actualizado" timestamp with time zone,
	CONSTRAINT "control_numbers_pdf_estado_ck" CHECK ("pdf_estado" IN ('PENDIENTE', 'GENERADA', 'FALLIDA'))
);
--> statement-breakpoint
ALTER TABLE "control_numbers" ADD CONSTRAINT "control_numbers_id_localidad_localidades_id_fk" FOREIGN KEY ("id_localidad") REFERENCES "public"."localidades"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "control_numbers" ADD CONSTRAINT "control_numbers_id_sucursal_sucursales_id_fk" FOREIGN KEY ("id_sucursal") REFERENCES "public"."sucursales"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "control_numbers" ADD CONSTRAINT "control_numbers_id_control_lote_control_lots_id_fk" FOREIGN KEY ("id_control_lote") REFERENCES "public"."control_lots"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "control_numbers_numero_uq" ON "control_numbers" USING btree ("id_localidad","familia","serie","numero");
--> statement-breakpoint
CREATE UNIQUE INDEX "control_numbers_lote_uq" ON "control_numbers" USING btree ("id_control_lote","numero");
--> statement-breakpoint
CREATE UNIQUE INDEX "control_numbers_documento_uq" ON "control_numbers" USING btree ("tipo_doc","id_documento");
--> statement-breakpoint
CREATE INDEX "control_numbers_pendientes_idx" ON "control_numbers" USING btree ("tipo_doc","id_documento") WHERE pdf_estado = 'PENDIENTE';
--> statement-breakpoint
-- Backfill: every invoice already numbered, in the order its numbers were handed out.
INSERT INTO "control_numbers" ("id_localidad", "id_sucursal", "familia", "id_control_lote", "serie", "numero", "nro_control", "tipo_doc", "id_documento", "emitido_en", "pdf_estado", "pdf_actualizado")
SELECT f."id_localidad", f."id_sucursal", 'FACTURA', f."id_control_lote", f."serie", f."numero_control", f."nro_control", 'fact', f."id", f."log_fecha_registro",
	CASE WHEN f."pdf" IS NOT NULL THEN 'GENERADA' ELSE 'PENDIENTE' END, f."pdf_generated_at"
FROM "facturas" f
WHERE f."nro_control" IS NOT NULL AND f."numero_control" IS NOT NULL AND f."serie" IS NOT NULL
ORDER BY f."log_fecha_registro", f."numero_control";
