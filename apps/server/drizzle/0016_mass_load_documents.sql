-- 0016_mass_load_documents: the document each mass-load row stored (issue 11). Written by hand (see README, "Layout").
-- A load queues its new documents' PDF jobs when it ends (not while it runs, where rendering took the
-- processor from it): it reads them here, also those stored by an earlier run it resumed after a crash.
-- No foreign key: the document lives in its family's own table (facturas, notas, ordenes, retenciones).
ALTER TABLE "cargas_masivas_documentos" ADD COLUMN "tipo_doc" text;
--> statement-breakpoint
ALTER TABLE "cargas_masivas_documentos" ADD COLUMN "id_documento" uuid;
