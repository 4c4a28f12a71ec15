-- 0008_withholdings: withholding vouchers IVA and ISLR (issue 9, spec 002 §3), their lines, and the dated unidad tributaria values. Control numbers come from the company's or branch's RETENCION lot (recorded in the kernel's ledger); voucher numbers from withholding_number_ranges. Written by hand (see README, "Layout").
CREATE TABLE "retenciones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"id_localidad" uuid NOT NULL,
	"id_sucursal" uuid,
	"modelo_retencion" text NOT NULL,
	"tipo_documento" text NOT NULL,
	"tasa_retencion" numeric(5, 2),
	"nro_comprobante" text,
	"serie" text,
	"nro_control" text,
	"numero_control" bigint,
	"id_control_lote" uuid,
	"fecha_emision" timestamp with time zone DEFAULT now() NOT NULL,
	"periodo_fiscal_del" date NOT NULL,
	"periodo_fiscal_al" date NOT NULL,
	"rif_proveedor" text NOT NULL,
	"identificacion" text NOT NULL,
	"direccion" text NOT NULL,
	"correo" text NOT NULL,
	"total_documentos" numeric(20, 2) NOT NULL,
	"total_base" numeric(20, 2) NOT NULL,
	"total_causado" numeric(20, 2) NOT NULL,
	"total_retenido" numeric(20, 2) NOT NULL,
	"factura_compra_id" integer,
	"extras" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"origen" text DEFAULT 'API' NOT NULL,
	"log_estatus_registro" text DEFAULT 'ACTIVO' NOT NULL,
	"log_deleted_registro" boolean DEFAULT false NOT NULL,
	"pdf" "bytea",
	"pdf_sha256" text,
	"pdf_generated_at" timestamp with time zone,
	"log_username" text DEFAULT 'sistema' NOT NULL,
	"log_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"log_fecha_modificacion" timestamp with time zone,
	CONSTRAINT "retenciones_modelo_ck" CHECK ("modelo_retencion" in ('IVA', 'ISLR'))
);
--> statement-breakpoint
CREATE TABLE "retencion_lineas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"id_retencion" uuid NOT NULL,
	"posicion" integer NOT NULL,
	"fecha_documento" date NOT NULL,
	"nro_documento" text,
	"nro_control_documento" text NOT NULL,
	"nro_nota" text,
	"nro_documento_afectado" text,
	"tipo_transaccion" text,
	"monto_total_documento" numeric(20, 2) NOT NULL,
	"compra_exento" numeric(20, 2) DEFAULT '0' NOT NULL,
	"base_imponible" numeric(20, 2) NOT NULL,
	"alicuota" numeric(5, 2),
	"impuesto_causado" numeric(20, 2),
	"impuesto_retenido" numeric(20, 2) NOT NULL,
	"concepto_islr" text,
	"concepto" text,
	"porcentaje" numeric(7, 2),
	"base_retencion" numeric(20, 2),
	"sustraendo" numeric(20, 2),
	"unidad_tributaria" numeric(20, 2)
);
--> statement-breakpoint
CREATE TABLE "unidades_tributarias" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"valor" numeric(20, 2) NOT NULL,
	"fecha_desde" date NOT NULL,
	"providencia" text NOT NULL,
	"gaceta_oficial" text NOT NULL,
	"log_estatus_registro" text DEFAULT 'ACTIVO' NOT NULL,
	"log_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"log_username" text DEFAULT 'sistema' NOT NULL,
	"log_fecha_modificacion" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "retenciones" ADD CONSTRAINT "retenciones_id_localidad_localidades_id_fk" FOREIGN KEY ("id_localidad") REFERENCES "public"."localidades"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "retenciones" ADD CONSTRAINT "retenciones_id_sucursal_sucursales_id_fk" FOREIGN KEY ("id_sucursal") REFERENCES "public"."sucursales"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "retencion_lineas" ADD CONSTRAINT "retencion_lineas_id_retencion_retenciones_id_fk" FOREIGN KEY ("id_retencion") REFERENCES "public"."retenciones"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "retenciones_comprobante_uq" ON "retenciones" USING btree ("id_localidad","nro_comprobante");
--> statement-breakpoint
CREATE UNIQUE INDEX "retenciones_control_uq" ON "retenciones" USING btree ("id_localidad","serie","numero_control");
--> statement-breakpoint
CREATE INDEX "retenciones_list_idx" ON "retenciones" USING btree ("id_localidad","fecha_emision");
--> statement-breakpoint
CREATE INDEX "retenciones_compra_idx" ON "retenciones" USING btree ("factura_compra_id");
--> statement-breakpoint
CREATE INDEX "retencion_lineas_retencion_idx" ON "retencion_lineas" USING btree ("id_retencion");
--> statement-breakpoint
CREATE UNIQUE INDEX "unidades_tributarias_fecha_uq" ON "unidades_tributarias" USING btree ("fecha_desde");
