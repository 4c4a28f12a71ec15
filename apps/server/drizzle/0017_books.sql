-- 0017_books: the purchase book and the sales book's withheld-IVA column (issue 12). Written by hand (see
-- README, "Layout").
-- The books look up, per batch of documents (500), the IVA voucher lines naming their control numbers,
-- compared without case or punctuation (modules/withholdings/book.ts uses this very expression).
create index retencion_lineas_control_key_idx
  on retencion_lineas ((regexp_replace(upper(nro_control_documento), '[^0-9A-Z]', '', 'g')));
--> statement-breakpoint
-- The purchase book reads a company's purchases by date, in (date, id) pages.
create index facturas_compra_book_idx on facturas_compra (id_localidad, fecha_factura, id);
