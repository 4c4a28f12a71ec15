-- 0010_purchases: purchase invoices (spec 001 §3.10, issue 10 §2). Written by hand (see README, "Layout").
CREATE TABLE "facturas_compra" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"id_localidad" uuid NOT NULL,
	"id_sucursal" uuid,
	"id_proveedor" uuid NOT NULL,
	"proveedor" jsonb NOT NULL,
	"nro_control" text NOT NULL,
	"nro_factura" text NOT NULL,
	"fecha_factura" date NOT NULL,
	"tipo_compra" text NOT NULL,
	"lineas" jsonb NOT NULL,
	"pagos" jsonb NOT NULL,
	"gravamenes" jsonb NOT NULL,
	"sub_total" numeric(20, 2) NOT NULL,
	"total_exento" numeric(20, 2) NOT NULL,
	"monto_descuento" numeric(20, 2) NOT NULL,
	"total_iva" numeric(20, 2) NOT NULL,
	"importe_total" numeric(20, 2) NOT NULL,
	"log_estatus_registro" text DEFAULT 'ACTIVO' NOT NULL,
	"log_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"log_username" text DEFAULT 'sistema' NOT NULL,
	"log_fecha_modificacion" timestamp with time zone,
	CONSTRAINT "facturas_compra_tipo_ck" CHECK ("tipo_compra" in ('INTERNA', 'IMPORTACION'))
);
--> statement-breakpoint
ALTER TABLE "facturas_compra" ADD CONSTRAINT "facturas_compra_id_localidad_localidades_id_fk" FOREIGN KEY ("id_localidad") REFERENCES "public"."localidades"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "facturas_compra" ADD CONSTRAINT "facturas_compra_id_sucursal_sucursales_id_fk" FOREIGN KEY ("id_sucursal") REFERENCES "public"."sucursales"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "facturas_compra" ADD CONSTRAINT "facturas_compra_id_proveedor_clientes_id_fk" FOREIGN KEY ("id_proveedor") REFERENCES "public"."clientes"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "facturas_compra_documento_uq" ON "facturas_compra" USING btree ("id_localidad","id_proveedor","nro_factura");
--> statement-breakpoint
CREATE INDEX "facturas_compra_list_idx" ON "facturas_compra" USING btree ("id_localidad","id");
