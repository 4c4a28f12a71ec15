-- 0026_numbers_never_disappear: the imprenta digital's register and its numbers that never disappear (issue 19
-- items 3 and 6). Written by hand; runs on PGlite and PostgreSQL.
--
-- Providencia Administrativa SNAT/2024/000102 (G.O. 43.032, 19/12/2024), as integrators read it (sources.md S11;
-- the articles' own text was not found in the public copies we could read): the imprenta keeps a register of the
-- control numbers it assigns to each issuer with date and time (art. 32 as read), keeps every document available
-- to SENIAT for 10 years, and loses its authorisation for assigning one number twice. A numbered document is
-- therefore never deleted: 'Eliminar' only hides it from the working lists (log_deleted_registro).
--
-- Who assigned a lot: the user's id from now on, beside the e-mail already kept in log_username (an e-mail can
-- change; the id does not). Older lots show the audit entry's actor.
alter table control_lots add column asignado_por_id uuid;
--> statement-breakpoint
alter table control_sublots add column asignado_por_id uuid;
--> statement-breakpoint
create index control_lots_registro_idx on control_lots (log_fecha_registro);
--> statement-breakpoint
create index control_sublots_registro_idx on control_sublots (log_fecha_registro);
--> statement-breakpoint
-- A numbered document (its own row) is never deleted.
create or replace function sigece_refuse_numbered_delete() returns trigger language plpgsql as $$
begin
  if old.nro_control is not null then
    raise exception using
      errcode = 'restrict_violation',
      message = format('No se puede eliminar el documento con número de control %s (%s): un documento numerado se conserva en los libros, los reportes al SENIAT, el registro de asignaciones y la verificación pública (Providencia SNAT/2024/000102). Use la acción Eliminar, que solo lo oculta de las listas.', old.nro_control, tg_table_name);
  end if;
  return old;
end
$$;
--> statement-breakpoint
-- The lines, payments and tax summary of a numbered document are part of it: never deleted either.
-- tg_argv: the parent table and the column of this table that points at it.
create or replace function sigece_refuse_numbered_part_delete() returns trigger language plpgsql as $$
declare
  control text;
begin
  execute format('select nro_control from %I where id = $1', tg_argv[0])
    into control using (to_jsonb(old) ->> tg_argv[1])::uuid;
  if control is not null then
    raise exception using
      errcode = 'restrict_violation',
      message = format('No se puede eliminar una parte (%s) del documento con número de control %s: un documento numerado se conserva completo (Providencia SNAT/2024/000102).', tg_table_name, control);
  end if;
  return old;
end
$$;
--> statement-breakpoint
-- The ledger of assigned control numbers and the lots that handed out numbers: the register itself. (The annulments'
-- table comes with migration 0028, after this one: its trigger belongs there.)
create or replace function sigece_refuse_register_delete() returns trigger language plpgsql as $$
begin
  -- A lot that never handed out a number may still go (checked only on the lots' tables, which have `actual`).
  if tg_table_name in ('control_lots', 'control_sublots') then
    if old.actual = old.desde then
      return old;
    end if;
  end if;
  raise exception using
    errcode = 'restrict_violation',
    message = format('No se puede eliminar un registro de %s: los números de control asignados y su registro se conservan (Providencia SNAT/2024/000102).', tg_table_name);
end
$$;
--> statement-breakpoint
create or replace function sigece_refuse_truncate() returns trigger language plpgsql as $$
begin
  raise exception using
    errcode = 'restrict_violation',
    message = format('No se puede vaciar la tabla %s: los documentos numerados y su registro se conservan (Providencia SNAT/2024/000102).', tg_table_name);
end
$$;
--> statement-breakpoint
create trigger facturas_no_delete before delete on facturas for each row execute function sigece_refuse_numbered_delete();
--> statement-breakpoint
create trigger notas_no_delete before delete on notas for each row execute function sigece_refuse_numbered_delete();
--> statement-breakpoint
create trigger ordenes_no_delete before delete on ordenes for each row execute function sigece_refuse_numbered_delete();
--> statement-breakpoint
create trigger retenciones_no_delete before delete on retenciones for each row execute function sigece_refuse_numbered_delete();
--> statement-breakpoint
create trigger factura_lineas_no_delete before delete on factura_lineas for each row execute function sigece_refuse_numbered_part_delete('facturas', 'id_factura');
--> statement-breakpoint
create trigger factura_pagos_no_delete before delete on factura_pagos for each row execute function sigece_refuse_numbered_part_delete('facturas', 'id_factura');
--> statement-breakpoint
create trigger factura_gravamenes_no_delete before delete on factura_gravamenes for each row execute function sigece_refuse_numbered_part_delete('facturas', 'id_factura');
--> statement-breakpoint
create trigger nota_lineas_no_delete before delete on nota_lineas for each row execute function sigece_refuse_numbered_part_delete('notas', 'id_nota');
--> statement-breakpoint
create trigger nota_gravamenes_no_delete before delete on nota_gravamenes for each row execute function sigece_refuse_numbered_part_delete('notas', 'id_nota');
--> statement-breakpoint
create trigger orden_lineas_no_delete before delete on orden_lineas for each row execute function sigece_refuse_numbered_part_delete('ordenes', 'id_orden');
--> statement-breakpoint
create trigger orden_gravamenes_no_delete before delete on orden_gravamenes for each row execute function sigece_refuse_numbered_part_delete('ordenes', 'id_orden');
--> statement-breakpoint
create trigger retencion_lineas_no_delete before delete on retencion_lineas for each row execute function sigece_refuse_numbered_part_delete('retenciones', 'id_retencion');
--> statement-breakpoint
create trigger control_numbers_no_delete before delete on control_numbers for each row execute function sigece_refuse_register_delete();
--> statement-breakpoint
create trigger control_lots_no_delete before delete on control_lots for each row execute function sigece_refuse_register_delete();
--> statement-breakpoint
create trigger control_sublots_no_delete before delete on control_sublots for each row execute function sigece_refuse_register_delete();
--> statement-breakpoint
create trigger facturas_no_truncate before truncate on facturas for each statement execute function sigece_refuse_truncate();
--> statement-breakpoint
create trigger notas_no_truncate before truncate on notas for each statement execute function sigece_refuse_truncate();
--> statement-breakpoint
create trigger ordenes_no_truncate before truncate on ordenes for each statement execute function sigece_refuse_truncate();
--> statement-breakpoint
create trigger retenciones_no_truncate before truncate on retenciones for each statement execute function sigece_refuse_truncate();
--> statement-breakpoint
create trigger control_numbers_no_truncate before truncate on control_numbers for each statement execute function sigece_refuse_truncate();
