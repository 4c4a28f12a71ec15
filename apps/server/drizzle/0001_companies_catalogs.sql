CREATE TABLE "bancos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nombre" text NOT NULL,
	"codigo" text NOT NULL,
	"sitio_web" text,
	"correo" text,
	"log_estatus_registro" text DEFAULT 'ACTIVO' NOT NULL,
	"log_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"log_username" text DEFAULT 'sistema' NOT NULL,
	"log_fecha_modificacion" timestamp with time zone,
	CONSTRAINT "bancos_codigo_unique" UNIQUE("codigo")
);
--> statement-breakpoint
CREATE TABLE "categorias_nota" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"codigo" text NOT NULL,
	"nombre" text NOT NULL,
	"tipo_nota" text NOT NULL,
	"log_estatus_registro" text DEFAULT 'ACTIVO' NOT NULL,
	"log_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"log_username" text DEFAULT 'sistema' NOT NULL,
	"log_fecha_modificacion" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "certificados" (
	"id_localidad" uuid PRIMARY KEY NOT NULL,
	"alias" text NOT NULL,
	"archivo_cifrado" "bytea" NOT NULL,
	"clave_cifrada" "bytea" NOT NULL,
	"subject" text NOT NULL,
	"issuer" text NOT NULL,
	"serial" text NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"log_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"log_username" text DEFAULT 'sistema' NOT NULL,
	"log_fecha_modificacion" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "clientes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"id_localidad" uuid NOT NULL,
	"tipo_documento" text NOT NULL,
	"numero_documento" text NOT NULL,
	"identificacion" text NOT NULL,
	"correo" text,
	"cc_correo" text,
	"direccion" text,
	"telefono_movil" text,
	"telefono_habitacion" text,
	"contribuyente_especial" boolean DEFAULT false NOT NULL,
	"tipo_proveedor" text DEFAULT 'PNR' NOT NULL,
	"tipo_persona" text DEFAULT 'CLIENTE' NOT NULL,
	"log_estatus_registro" text DEFAULT 'ACTIVO' NOT NULL,
	"log_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"log_username" text DEFAULT 'sistema' NOT NULL,
	"log_fecha_modificacion" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "conceptos_islr" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"codigo" text NOT NULL,
	"concepto" text NOT NULL,
	"tipo_persona" text NOT NULL,
	"porcentaje" numeric(7, 2) NOT NULL,
	"base_imponible" numeric(7, 2) NOT NULL,
	"sustraendo" boolean DEFAULT false NOT NULL,
	"factor" numeric(12, 4),
	"monto_minimo" numeric(20, 2)
);
--> statement-breakpoint
CREATE TABLE "cuentas_terceros" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"id_localidad" uuid NOT NULL,
	"nombre_prestador" text NOT NULL,
	"rif_prestador" text NOT NULL,
	"domicilio_prestador" text NOT NULL,
	"log_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"log_username" text DEFAULT 'sistema' NOT NULL,
	"log_fecha_modificacion" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "descuentos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"id_localidad" uuid,
	"id_sucursal" uuid,
	"titulo" text NOT NULL,
	"descripcion" text NOT NULL,
	"tipo_monto" integer NOT NULL,
	"monto" numeric(20, 2) NOT NULL,
	"log_estatus_registro" text DEFAULT 'ACTIVO' NOT NULL,
	"log_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"log_username" text DEFAULT 'sistema' NOT NULL,
	"log_fecha_modificacion" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "divisas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nombre" text NOT NULL,
	"iso" text NOT NULL,
	"simbolo" text NOT NULL,
	"decimales" integer DEFAULT 2 NOT NULL,
	"valor" numeric(24, 8),
	"fecha_valor" date,
	"log_estatus_registro" text DEFAULT 'ACTIVO' NOT NULL,
	"log_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"log_username" text DEFAULT 'sistema' NOT NULL,
	"log_fecha_modificacion" timestamp with time zone,
	CONSTRAINT "divisas_iso_unique" UNIQUE("iso")
);
--> statement-breakpoint
CREATE TABLE "estados" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pais_id" uuid NOT NULL,
	"nombre" text NOT NULL,
	"iso" text,
	"log_estatus_registro" text DEFAULT 'ACTIVO' NOT NULL,
	"log_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"log_username" text DEFAULT 'sistema' NOT NULL,
	"log_fecha_modificacion" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "incoterms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nombre" text NOT NULL,
	"descripcion" text NOT NULL,
	"tipo" text NOT NULL,
	"log_estatus_registro" text DEFAULT 'ACTIVO' NOT NULL,
	"log_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"log_username" text DEFAULT 'sistema' NOT NULL,
	"log_fecha_modificacion" timestamp with time zone,
	CONSTRAINT "incoterms_nombre_unique" UNIQUE("nombre")
);
--> statement-breakpoint
CREATE TABLE "localidades" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nombre" text NOT NULL,
	"tipo_documento" text NOT NULL,
	"numero_documento" text NOT NULL,
	"id_estado" uuid,
	"id_municipio" uuid,
	"direccion" text NOT NULL,
	"telefono" text NOT NULL,
	"correo" text NOT NULL,
	"contribuyente_especial" boolean DEFAULT false NOT NULL,
	"aerolinea" boolean DEFAULT false NOT NULL,
	"tipo_proveedor" text NOT NULL,
	"logo" "bytea",
	"sello" "bytea",
	"envio_email" boolean DEFAULT false NOT NULL,
	"marca_agua_factura" boolean DEFAULT false NOT NULL,
	"asigna_nro_facturas" text DEFAULT 'INACTIVO' NOT NULL,
	"log_estatus_registro" text DEFAULT 'ACTIVO' NOT NULL,
	"log_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"log_username" text DEFAULT 'sistema' NOT NULL,
	"log_fecha_modificacion" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "municipios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"estado_id" uuid NOT NULL,
	"nombre" text NOT NULL,
	"codigo" text,
	"capital" text,
	"log_estatus_registro" text DEFAULT 'ACTIVO' NOT NULL,
	"log_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"log_username" text DEFAULT 'sistema' NOT NULL,
	"log_fecha_modificacion" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "paises" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nombre" text NOT NULL,
	"iso" text,
	"log_estatus_registro" text DEFAULT 'ACTIVO' NOT NULL,
	"log_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"log_username" text DEFAULT 'sistema' NOT NULL,
	"log_fecha_modificacion" timestamp with time zone,
	CONSTRAINT "paises_nombre_unique" UNIQUE("nombre")
);
--> statement-breakpoint
CREATE TABLE "productos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"id_localidad" uuid NOT NULL,
	"codigo" text NOT NULL,
	"descripcion" text NOT NULL,
	"unidad_medida" text NOT NULL,
	"precio" numeric(20, 2) DEFAULT '0' NOT NULL,
	"divisa_precio" numeric(20, 2) DEFAULT '0' NOT NULL,
	"precio_ptr" numeric(24, 8) DEFAULT '0' NOT NULL,
	"precio_eur" numeric(20, 2) DEFAULT '0' NOT NULL,
	"stock" numeric(20, 3) DEFAULT '0' NOT NULL,
	"tipo_venta" text NOT NULL,
	"exento" boolean DEFAULT false NOT NULL,
	"exonerado" boolean DEFAULT false NOT NULL,
	"tipo_gravamen_id" uuid,
	"log_estatus_registro" text DEFAULT 'ACTIVO' NOT NULL,
	"log_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"log_username" text DEFAULT 'sistema' NOT NULL,
	"log_fecha_modificacion" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sucursales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"id_localidad" uuid NOT NULL,
	"codigo_sucursal" text NOT NULL,
	"nombre" text NOT NULL,
	"direccion" text NOT NULL,
	"telefono" text NOT NULL,
	"correo" text NOT NULL,
	"id_estado" uuid,
	"id_municipio" uuid,
	"envio_email" boolean DEFAULT false NOT NULL,
	"marca_agua_factura" boolean DEFAULT false NOT NULL,
	"asigna_nro_facturas" text DEFAULT 'INACTIVO' NOT NULL,
	"log_estatus_registro" text DEFAULT 'ACTIVO' NOT NULL,
	"log_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"log_username" text DEFAULT 'sistema' NOT NULL,
	"log_fecha_modificacion" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tasas_cambio" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"iso" text NOT NULL,
	"fecha" date NOT NULL,
	"valor" numeric(24, 8) NOT NULL,
	"fuente" text NOT NULL,
	"log_username" text DEFAULT 'sistema' NOT NULL,
	"log_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tipos_gravamen" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"codigo" text NOT NULL,
	"concepto" text NOT NULL,
	"iva_general" boolean DEFAULT false NOT NULL,
	"tipo" integer DEFAULT 6 NOT NULL,
	"exento" boolean DEFAULT false NOT NULL,
	"exonerado" boolean DEFAULT false NOT NULL,
	"log_estatus_registro" text DEFAULT 'ACTIVO' NOT NULL,
	"log_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"log_username" text DEFAULT 'sistema' NOT NULL,
	"log_fecha_modificacion" timestamp with time zone,
	CONSTRAINT "tipos_gravamen_codigo_unique" UNIQUE("codigo")
);
--> statement-breakpoint
CREATE TABLE "valores_gravamen" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tipo_gravamen_id" uuid NOT NULL,
	"valor" numeric(7, 2) NOT NULL,
	"fecha_desde" date NOT NULL,
	"fecha_hasta" date,
	"log_estatus_registro" text DEFAULT 'ACTIVO' NOT NULL,
	"log_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"log_username" text DEFAULT 'sistema' NOT NULL,
	"log_fecha_modificacion" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "certificados" ADD CONSTRAINT "certificados_id_localidad_localidades_id_fk" FOREIGN KEY ("id_localidad") REFERENCES "public"."localidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clientes" ADD CONSTRAINT "clientes_id_localidad_localidades_id_fk" FOREIGN KEY ("id_localidad") REFERENCES "public"."localidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cuentas_terceros" ADD CONSTRAINT "cuentas_terceros_id_localidad_localidades_id_fk" FOREIGN KEY ("id_localidad") REFERENCES "public"."localidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "descuentos" ADD CONSTRAINT "descuentos_id_localidad_localidades_id_fk" FOREIGN KEY ("id_localidad") REFERENCES "public"."localidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "descuentos" ADD CONSTRAINT "descuentos_id_sucursal_sucursales_id_fk" FOREIGN KEY ("id_sucursal") REFERENCES "public"."sucursales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estados" ADD CONSTRAINT "estados_pais_id_paises_id_fk" FOREIGN KEY ("pais_id") REFERENCES "public"."paises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "localidades" ADD CONSTRAINT "localidades_id_estado_estados_id_fk" FOREIGN KEY ("id_estado") REFERENCES "public"."estados"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "localidades" ADD CONSTRAINT "localidades_id_municipio_municipios_id_fk" FOREIGN KEY ("id_municipio") REFERENCES "public"."municipios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipios" ADD CONSTRAINT "municipios_estado_id_estados_id_fk" FOREIGN KEY ("estado_id") REFERENCES "public"."estados"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "productos" ADD CONSTRAINT "productos_id_localidad_localidades_id_fk" FOREIGN KEY ("id_localidad") REFERENCES "public"."localidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "productos" ADD CONSTRAINT "productos_tipo_gravamen_id_tipos_gravamen_id_fk" FOREIGN KEY ("tipo_gravamen_id") REFERENCES "public"."tipos_gravamen"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sucursales" ADD CONSTRAINT "sucursales_id_localidad_localidades_id_fk" FOREIGN KEY ("id_localidad") REFERENCES "public"."localidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sucursales" ADD CONSTRAINT "sucursales_id_estado_estados_id_fk" FOREIGN KEY ("id_estado") REFERENCES "public"."estados"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sucursales" ADD CONSTRAINT "sucursales_id_municipio_municipios_id_fk" FOREIGN KEY ("id_municipio") REFERENCES "public"."municipios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "valores_gravamen" ADD CONSTRAINT "valores_gravamen_tipo_gravamen_id_tipos_gravamen_id_fk" FOREIGN KEY ("tipo_gravamen_id") REFERENCES "public"."tipos_gravamen"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clientes_localidad_documento_uq" ON "clientes" USING btree ("id_localidad","tipo_documento","numero_documento");--> statement-breakpoint
CREATE INDEX "clientes_picker_idx" ON "clientes" USING btree ("id_localidad",numero_documento text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "conceptos_islr_codigo_uq" ON "conceptos_islr" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "cuentas_terceros_localidad_idx" ON "cuentas_terceros" USING btree ("id_localidad");--> statement-breakpoint
CREATE UNIQUE INDEX "estados_pais_nombre_uq" ON "estados" USING btree ("pais_id","nombre");--> statement-breakpoint
CREATE UNIQUE INDEX "localidades_rif_uq" ON "localidades" USING btree ("tipo_documento","numero_documento");--> statement-breakpoint
CREATE UNIQUE INDEX "municipios_estado_nombre_uq" ON "municipios" USING btree ("estado_id","nombre");--> statement-breakpoint
CREATE UNIQUE INDEX "productos_localidad_codigo_uq" ON "productos" USING btree ("id_localidad","codigo");--> statement-breakpoint
CREATE UNIQUE INDEX "sucursales_codigo_uq" ON "sucursales" USING btree ("id_localidad","codigo_sucursal");--> statement-breakpoint
CREATE UNIQUE INDEX "tasas_cambio_iso_fecha_uq" ON "tasas_cambio" USING btree ("iso","fecha");--> statement-breakpoint
CREATE INDEX "valores_gravamen_tipo_idx" ON "valores_gravamen" USING btree ("tipo_gravamen_id");