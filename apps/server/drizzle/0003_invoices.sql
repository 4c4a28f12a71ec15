CREATE TABLE "factura_gravamenes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"id_factura" uuid NOT NULL,
	"alicuota" numeric(5, 2) NOT NULL,
	"base_imponible" numeric(20, 2) NOT NULL,
	"monto_alicuota" numeric(20, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "factura_lineas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"id_factura" uuid NOT NULL,
	"posicion" integer NOT NULL,
	"codigo_producto" text NOT NULL,
	"descripcion" text NOT NULL,
	"unidad_medida" text NOT NULL,
	"cantidad" numeric(20, 4) NOT NULL,
	"precio" numeric(24, 8) NOT NULL,
	"descuento" numeric(9, 4) DEFAULT '0' NOT NULL,
	"monto_descuento" numeric(20, 2) DEFAULT '0' NOT NULL,
	"importe" numeric(20, 2) NOT NULL,
	"alicuota_gravamen" numeric(5, 2) NOT NULL,
	"monto_gravamen" numeric(20, 2) NOT NULL,
	"exento" boolean DEFAULT false NOT NULL,
	"exonerado" boolean DEFAULT false NOT NULL,
	"nrolote" text,
	"fecha_venci_producto" date,
	"extras" jsonb
);
--> statement-breakpoint
CREATE TABLE "factura_pagos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"id_factura" uuid NOT NULL,
	"modo_pago" text NOT NULL,
	"nro" text,
	"monto" numeric(20, 2) NOT NULL,
	"fecha_comprobante_pago" date,
	"banco" text,
	"divisa" text NOT NULL,
	"tasa_dia_divisa" numeric(24, 8),
	"dias_credito" integer,
	"igtf" boolean DEFAULT false NOT NULL,
	"igtf_valor" numeric(20, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "facturas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"id_localidad" uuid NOT NULL,
	"id_sucursal" uuid,
	"id_cliente" uuid,
	"serie_factura" text DEFAULT '' NOT NULL,
	"nro_factura" text NOT NULL,
	"serie" text,
	"nro_control" text,
	"numero_control" bigint,
	"id_control_lote" uuid,
	"fecha_emision" timestamp with time zone DEFAULT now() NOT NULL,
	"factura_divisa" text NOT NULL,
	"cambio_divisa" numeric(24, 8),
	"tipo_cambio_dia_usd" numeric(24, 8),
	"condicion_pago" text NOT NULL,
	"tipo_venta" text NOT NULL,
	"modelo_factura" text NOT NULL,
	"dias_credito" integer,
	"fecha_vencimiento" date,
	"estatus_credito" text,
	"sub_total" numeric(20, 2) NOT NULL,
	"total_exento" numeric(20, 2) NOT NULL,
	"total_exonerado" numeric(20, 2) NOT NULL,
	"monto_descuento" numeric(20, 2) NOT NULL,
	"total_iva" numeric(20, 2) NOT NULL,
	"importe_total" numeric(20, 2) NOT NULL,
	"total_igtf" numeric(20, 2) DEFAULT '0' NOT NULL,
	"tipo_coletilla" boolean DEFAULT false NOT NULL,
	"coletilla_igtf" boolean DEFAULT false NOT NULL,
	"observacion" text,
	"observacion_info" text,
	"orden_compra" text,
	"servicio" jsonb,
	"cuenta_terceros" jsonb,
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
	"log_fecha_modificacion" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "factura_gravamenes" ADD CONSTRAINT "factura_gravamenes_id_factura_facturas_id_fk" FOREIGN KEY ("id_factura") REFERENCES "public"."facturas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "factura_lineas" ADD CONSTRAINT "factura_lineas_id_factura_facturas_id_fk" FOREIGN KEY ("id_factura") REFERENCES "public"."facturas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "factura_pagos" ADD CONSTRAINT "factura_pagos_id_factura_facturas_id_fk" FOREIGN KEY ("id_factura") REFERENCES "public"."facturas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facturas" ADD CONSTRAINT "facturas_id_localidad_localidades_id_fk" FOREIGN KEY ("id_localidad") REFERENCES "public"."localidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facturas" ADD CONSTRAINT "facturas_id_sucursal_sucursales_id_fk" FOREIGN KEY ("id_sucursal") REFERENCES "public"."sucursales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facturas" ADD CONSTRAINT "facturas_id_cliente_clientes_id_fk" FOREIGN KEY ("id_cliente") REFERENCES "public"."clientes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "factura_gravamenes_factura_idx" ON "factura_gravamenes" USING btree ("id_factura");--> statement-breakpoint
CREATE INDEX "factura_lineas_factura_idx" ON "factura_lineas" USING btree ("id_factura");--> statement-breakpoint
CREATE INDEX "factura_pagos_factura_idx" ON "factura_pagos" USING btree ("id_factura");--> statement-breakpoint
CREATE UNIQUE INDEX "facturas_numero_uq" ON "facturas" USING btree ("id_localidad","serie_factura","nro_factura");--> statement-breakpoint
CREATE UNIQUE INDEX "facturas_control_uq" ON "facturas" USING btree ("id_localidad","serie","numero_control");--> statement-breakpoint
CREATE INDEX "facturas_list_idx" ON "facturas" USING btree ("id_localidad","fecha_emision");--> statement-breakpoint
CREATE INDEX "facturas_emision_idx" ON "facturas" USING btree ("fecha_emision");