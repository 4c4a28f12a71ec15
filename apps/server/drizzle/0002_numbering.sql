CREATE TABLE "control_lots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"id_localidad" uuid NOT NULL,
	"familia" text NOT NULL,
	"tipo" text NOT NULL,
	"serie" text NOT NULL,
	"cantidad" bigint NOT NULL,
	"desde" bigint NOT NULL,
	"hasta" bigint NOT NULL,
	"actual" bigint NOT NULL,
	"sub_asignado" bigint DEFAULT 0 NOT NULL,
	"localidad_genera_fac" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"seq" bigserial NOT NULL,
	"log_username" text DEFAULT 'sistema' NOT NULL,
	"log_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"log_fecha_modificacion" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "control_sublots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"id_control_localidad" uuid NOT NULL,
	"id_localidad" uuid NOT NULL,
	"id_sucursal" uuid,
	"familia" text NOT NULL,
	"serie" text NOT NULL,
	"cantidad" bigint NOT NULL,
	"desde" bigint NOT NULL,
	"hasta" bigint NOT NULL,
	"actual" bigint NOT NULL,
	"status" text NOT NULL,
	"seq" bigserial NOT NULL,
	"log_username" text DEFAULT 'sistema' NOT NULL,
	"log_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_number_ranges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"id_localidad" uuid NOT NULL,
	"id_sucursal" uuid,
	"serie" text NOT NULL,
	"cantidad" bigint NOT NULL,
	"desde" bigint NOT NULL,
	"hasta" bigint NOT NULL,
	"actual" bigint NOT NULL,
	"status" text NOT NULL,
	"seq" bigserial NOT NULL,
	"log_username" text DEFAULT 'sistema' NOT NULL,
	"log_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withholding_number_ranges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"id_localidad" uuid NOT NULL,
	"serie" text NOT NULL,
	"cantidad" bigint NOT NULL,
	"desde" bigint NOT NULL,
	"hasta" bigint NOT NULL,
	"actual" bigint NOT NULL,
	"asigna_nro" boolean DEFAULT true NOT NULL,
	"status" text NOT NULL,
	"seq" bigserial NOT NULL,
	"log_username" text DEFAULT 'sistema' NOT NULL,
	"log_fecha_registro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "control_lots" ADD CONSTRAINT "control_lots_id_localidad_localidades_id_fk" FOREIGN KEY ("id_localidad") REFERENCES "public"."localidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_sublots" ADD CONSTRAINT "control_sublots_id_control_localidad_control_lots_id_fk" FOREIGN KEY ("id_control_localidad") REFERENCES "public"."control_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_sublots" ADD CONSTRAINT "control_sublots_id_localidad_localidades_id_fk" FOREIGN KEY ("id_localidad") REFERENCES "public"."localidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_sublots" ADD CONSTRAINT "control_sublots_id_sucursal_sucursales_id_fk" FOREIGN KEY ("id_sucursal") REFERENCES "public"."sucursales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_number_ranges" ADD CONSTRAINT "invoice_number_ranges_id_localidad_localidades_id_fk" FOREIGN KEY ("id_localidad") REFERENCES "public"."localidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_number_ranges" ADD CONSTRAINT "invoice_number_ranges_id_sucursal_sucursales_id_fk" FOREIGN KEY ("id_sucursal") REFERENCES "public"."sucursales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withholding_number_ranges" ADD CONSTRAINT "withholding_number_ranges_id_localidad_localidades_id_fk" FOREIGN KEY ("id_localidad") REFERENCES "public"."localidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "control_lots_scope_idx" ON "control_lots" USING btree ("id_localidad","familia","status");--> statement-breakpoint
CREATE UNIQUE INDEX "control_lots_one_active_uq" ON "control_lots" USING btree ("id_localidad","familia") WHERE status = 'ACTIVO';--> statement-breakpoint
CREATE INDEX "control_sublots_scope_idx" ON "control_sublots" USING btree ("id_localidad","familia","id_sucursal","status");--> statement-breakpoint
CREATE INDEX "control_sublots_lot_idx" ON "control_sublots" USING btree ("id_control_localidad");--> statement-breakpoint
CREATE INDEX "invoice_number_ranges_scope_idx" ON "invoice_number_ranges" USING btree ("id_localidad","id_sucursal","status");--> statement-breakpoint
CREATE INDEX "withholding_number_ranges_scope_idx" ON "withholding_number_ranges" USING btree ("id_localidad","status");