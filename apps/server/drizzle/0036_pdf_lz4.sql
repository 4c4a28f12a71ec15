-- 0036_pdf_lz4: the signed PDFs are stored with lz4 instead of PostgreSQL's default pglz (issue 24 item 2).
-- Written by hand. A signed PDF is mostly deflated streams and the signature's hex: pglz spent 0.12 ms on each
-- 12.6 kB PDF to keep 8.7 kB, lz4 spends 0.02 ms and keeps 7.9 kB (measured on the bench's invoice, PostgreSQL
-- 15). Only new values are written so; nothing is rewritten. A server built without lz4 (and PGlite) answers
-- feature_not_supported and keeps pglz.
do $$
begin
  alter table facturas alter column pdf set compression lz4;
  alter table notas alter column pdf set compression lz4;
  alter table ordenes alter column pdf set compression lz4;
  alter table retenciones alter column pdf set compression lz4;
  alter table document_annulments alter column pdf set compression lz4;
exception when feature_not_supported then
  null;
end
$$;
