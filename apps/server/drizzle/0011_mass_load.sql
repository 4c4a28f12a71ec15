-- 0011_mass_load: mass load from Excel (issue 11; spec 000 "Mass load", spec 001 §5.8, §8.7). Written by hand (see README, "Layout").
CREATE TABLE "cargas_masivas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"id_localidad" uuid NOT NULL REFERENCES "localidades"("id"),
	"tipo" text NOT NULL,
	"nombre_archivo" text NOT NULL,
	"estado" text DEFAULT 'CARGADO' NOT NULL,
	"total" integer NOT NULL,
	"filas" integer NOT NULL,
	"procesados" integer DEFAULT 0 NOT NULL,
	"nuevos" integer DEFAULT 0 NOT NULL,
	"existentes" integer DEFAULT 0 NOT NULL,
	"errores" integer DEFAULT 0 NOT NULL,
	"solicitante" jsonb,
	"reservada_hasta" timestamp with time zone,
	"iniciada_en" timestamp with time zone,
	"terminada_en" timestamp with time zone,
	"log_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"log_username" text DEFAULT 'sistema' NOT NULL,
	CONSTRAINT "cargas_masivas_estado_ck" CHECK ("estado" in ('CARGADO', 'EN_COLA', 'PROCESANDO', 'TERMINADO'))
);
--> statement-breakpoint
CREATE INDEX "cargas_masivas_localidad_idx" ON "cargas_masivas" ("id_localidad", "log_fecha_registro");
--> statement-breakpoint
CREATE TABLE "cargas_masivas_documentos" (
	"id_carga" uuid NOT NULL REFERENCES "cargas_masivas"("id") ON DELETE CASCADE,
	"posicion" integer NOT NULL,
	"numero" text NOT NULL,
	"filas" integer[] NOT NULL,
	"documento" jsonb NOT NULL,
	"estado" text DEFAULT 'PENDIENTE' NOT NULL,
	"mensaje" text,
	"nro_control" text,
	PRIMARY KEY ("id_carga", "posicion"),
	CONSTRAINT "cargas_masivas_documentos_estado_ck" CHECK ("estado" in ('PENDIENTE', 'NUEVO', 'EXISTENTE', 'ERROR'))
);
--> statement-breakpoint
CREATE INDEX "cargas_masivas_documentos_pendientes_idx" ON "cargas_masivas_documentos" ("id_carga", "posicion") WHERE estado = 'PENDIENTE';
