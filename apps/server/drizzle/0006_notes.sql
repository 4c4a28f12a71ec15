-- 0006_notes: credit and debit notes (spec 001 §3.8), their lines and taxes. Control numbers come from the company's invoice lot (one sequence with invoices, recorded in the kernel's ledger). Written by hand (see README, "Layout").
CREATE TABLE "notas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"id_localidad" uuid NOT NULL,
	"id_sucursal" uuid,
	"id_factura" uuid NOT NULL,
	"nro_factura" text NOT NULL,
	"nro_control_factura" text,
	"fecha_factura" timestamp with time zone NOT NULL,
	"tipo" text NOT NULL,
	"categoria" text NOT NULL,
	"concepto" text NOT NULL,
	"descripcion" text,
	"serie_nota" text DEFAULT '' NOT NULL,
	"nro_nota" text NOT NULL,
	"serie" text,
	"nro_control" text,
	"numero_control" bigint,
	"id_control_lote" uuid,
	"fecha_emision" timestamp with time zone DEFAULT now() NOT NULL,
	"factura_divisa" text NOT NULL,
	"tasa_cambio" numeric(24, 8),
	"sub_total" numeric(20, 2) NOT NULL,
	"total_exento" numeric(20, 2) NOT NULL,
	"total_exonerado" numeric(20, 2) NOT NULL,
	"monto_descuento" numeric(20, 2) NOT NULL,
	"total_iva" numeric(20, 2) NOT NULL,
	"importe_total" numeric(20, 2) NOT NULL,
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
	CONSTRAINT "notas_tipo_ck" CHECK ("tipo" in ('Credito', 'Debito')),
	CONSTRAINT "notas_categoria_ck" CHECK ("categoria" in ('0', '1', '2'))
);
--> statement-breakpoint
CREATE TABLE "nota_lineas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"id_nota" uuid NOT NULL,
	"posicion" integer NOT NULL,
	"codigo_producto" text NOT NULL,
	"descripcion" text NOT NULL,
	"unidad_medida" text NOT NULL,
	"cantidad" numeric(20, 4) NOT NULL,
	"cantidad_devolucion" numeric(20, 4) NOT NULL,
	"precio" numeric(24, 8) NOT NULL,
	"precio_original" numeric(24, 8),
	"precio_devolucion" numeric(24, 8),
	"descuento" numeric(9, 4) DEFAULT '0' NOT NULL,
	"monto_descuento" numeric(20, 2) DEFAULT '0' NOT NULL,
	"importe" numeric(20, 2) NOT NULL,
	"alicuota_gravamen" numeric(5, 2) NOT NULL,
	"monto_gravamen" numeric(20, 2) NOT NULL,
	"exento" boolean DEFAULT false NOT NULL,
	"exonerado" boolean DEFAULT false NOT NULL,
	"extras" jsonb
);
--> statement-breakpoint
CREATE TABLE "nota_gravamenes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"id_nota" uuid NOT NULL,
	"alicuota" numeric(5, 2) NOT NULL,
	"base_imponible" numeric(20, 2) NOT NULL,
	"monto_alicuota" numeric(20, 2) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notas" ADD CONSTRAINT "notas_id_localidad_localidades_id_fk" FOREIGN KEY ("id_localidad") REFERENCES "public"."localidades"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "notas" ADD CONSTRAINT "notas_id_sucursal_sucursales_id_fk" FOREIGN KEY ("id_sucursal") REFERENCES "public"."sucursales"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "notas" ADD CONSTRAINT "notas_id_factura_facturas_id_fk" FOREIGN KEY ("id_factura") REFERENCES "public"."facturas"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "nota_lineas" ADD CONSTRAINT "nota_lineas_id_nota_notas_id_fk" FOREIGN KEY ("id_nota") REFERENCES "public"."notas"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "nota_gravamenes" ADD CONSTRAINT "nota_gravamenes_id_nota_notas_id_fk" FOREIGN KEY ("id_nota") REFERENCES "public"."notas"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "notas_numero_uq" ON "notas" USING btree ("id_localidad","tipo","nro_nota") WHERE not "notas"."log_deleted_registro";
--> statement-breakpoint
CREATE UNIQUE INDEX "notas_control_uq" ON "notas" USING btree ("id_localidad","serie","numero_control");
--> statement-breakpoint
CREATE INDEX "notas_factura_idx" ON "notas" USING btree ("id_factura");
--> statement-breakpoint
CREATE INDEX "notas_list_idx" ON "notas" USING btree ("id_localidad","fecha_emision");
--> statement-breakpoint
CREATE INDEX "nota_lineas_nota_idx" ON "nota_lineas" USING btree ("id_nota");
--> statement-breakpoint
CREATE INDEX "nota_gravamenes_nota_idx" ON "nota_gravamenes" USING btree ("id_nota");
