-- A load is 'RECIBIENDO' while its documents are stored in short transactions of their own (on PGlite a
-- long one made every other statement wait: issue 22 item 3); it becomes 'CARGADO' at the end.
ALTER TABLE "cargas_masivas" DROP CONSTRAINT "cargas_masivas_estado_ck";--> statement-breakpoint
ALTER TABLE "cargas_masivas" ADD CONSTRAINT "cargas_masivas_estado_ck" CHECK ("estado" in ('RECIBIENDO', 'CARGADO', 'EN_COLA', 'PROCESANDO', 'TERMINADO'));
