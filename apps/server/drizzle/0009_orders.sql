-- 0009_orders: delivery orders and dispatch guides (spec 001 §3.9), their lines and taxes, and the order an invoice was issued from (facturas.id_orden). Control numbers come from the company's ORDEN lot (recorded in the kernel's ledger). Written by hand (see README, "Layout").
CREATE TABLE "ordenes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"secuencia" bigserial NOT NULL,
	"id_localidad" uuid NOT NULL,
	"id_sucursal" uuid,
	"modelo_orden" text NOT NULL,
	"nro_orden" text NOT NULL,
	"serie" text,
	"nro_control" text,
	"numero_control" bigint,
	"id_control_lote" uuid,
	"fecha_emision" timestamp with time zone DEFAULT now() NOT NULL,
	"incluir_montos" boolean DEFAULT false NOT NULL,
	"factura_divisa" text DEFAULT 'VEF' NOT NULL,
	"cambio_divisa" numeric(24, 8),
	"sub_total" numeric(20, 2),
	"total_exento" numeric(20, 2),
	"total_exonerado" numeric(20, 2),
	"monto_descuento" numeric(20, 2),
	"total_iva" numeric(20, 2),
	"importe_total" numeric(20, 2),
	"motivo" text NOT NULL,
	"direccion_entrega" text NOT NULL,
	"observacion" text,
	"cliente" jsonb NOT NULL,
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
	CONSTRAINT "ordenes_modelo_ck" CHECK ("modelo_orden" in ('ORDENENTREGA', 'GUIADESPACHO')),
	CONSTRAINT "ordenes_montos_ck" CHECK ("incluir_montos" or "importe_total" is null)
);
--> statement-breakpoint
CREATE TABLE "orden_lineas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"id_orden" uuid NOT NULL,
	"posicion" integer NOT NULL,
	"codigo_producto" text NOT NULL,
	"descripcion" text NOT NULL,
	"unidad_medida" text NOT NULL,
	"cantidad" numeric(20, 4) NOT NULL,
	"precio" numeric(24, 8),
	"descuento" numeric(9, 4),
	"monto_descuento" numeric(20, 2),
	"importe" numeric(20, 2),
	"alicuota_gravamen" numeric(5, 2),
	"monto_gravamen" numeric(20, 2),
	"exento" boolean DEFAULT false NOT NULL,
	"exonerado" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orden_gravamenes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"id_orden" uuid NOT NULL,
	"alicuota" numeric(5, 2) NOT NULL,
	"base_imponible" numeric(20, 2) NOT NULL,
	"monto_alicuota" numeric(20, 2) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ordenes" ADD CONSTRAINT "ordenes_id_localidad_localidades_id_fk" FOREIGN KEY ("id_localidad") REFERENCES "public"."localidades"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ordenes" ADD CONSTRAINT "ordenes_id_sucursal_sucursales_id_fk" FOREIGN KEY ("id_sucursal") REFERENCES "public"."sucursales"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "orden_lineas" ADD CONSTRAINT "orden_lineas_id_orden_ordenes_id_fk" FOREIGN KEY ("id_orden") REFERENCES "public"."ordenes"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "orden_gravamenes" ADD CONSTRAINT "orden_gravamenes_id_orden_ordenes_id_fk" FOREIGN KEY ("id_orden") REFERENCES "public"."ordenes"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "ordenes_numero_uq" ON "ordenes" USING btree ("id_localidad","modelo_orden","nro_orden") WHERE not "ordenes"."log_deleted_registro";
--> statement-breakpoint
CREATE UNIQUE INDEX "ordenes_control_uq" ON "ordenes" USING btree ("id_localidad","serie","numero_control");
--> statement-breakpoint
CREATE INDEX "ordenes_list_idx" ON "ordenes" USING btree ("id_localidad","fecha_emision");
--> statement-breakpoint
CREATE INDEX "ordenes_secuencia_idx" ON "ordenes" USING btree ("secuencia");
--> statement-breakpoint
CREATE INDEX "orden_lineas_orden_idx" ON "orden_lineas" USING btree ("id_orden");
--> statement-breakpoint
CREATE INDEX "orden_gravamenes_orden_idx" ON "orden_gravamenes" USING btree ("id_orden");
--> statement-breakpoint
-- The invoice issued from an order ('Facturar', issue 10): at most one active link per order.
ALTER TABLE "facturas" ADD COLUMN "id_orden" uuid;
--> statement-breakpoint
ALTER TABLE "facturas" ADD CONSTRAINT "facturas_id_orden_ordenes_id_fk" FOREIGN KEY ("id_orden") REFERENCES "public"."ordenes"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "facturas_orden_uq" ON "facturas" USING btree ("id_orden") WHERE "id_orden" is not null;
