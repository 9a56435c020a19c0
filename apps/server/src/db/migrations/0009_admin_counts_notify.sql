-- The admin's tab counts (pending videos, open reports) are shown live: whatever changes them — an
-- upload reaching review, an approval, a report filed or closed, from any module or process — tells
-- the `admin_counts` channel on commit (LISTEN/NOTIFY, decision 007). Counter updates on videos do not
-- touch `status` and so never fire these triggers.
CREATE FUNCTION notify_admin_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('admin_counts', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER videos_pending_insert_notify AFTER INSERT ON videos
  FOR EACH ROW WHEN (NEW.status = 'pending') EXECUTE FUNCTION notify_admin_counts();
--> statement-breakpoint
CREATE TRIGGER videos_status_update_notify AFTER UPDATE OF status ON videos
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status AND 'pending' IN (OLD.status, NEW.status))
  EXECUTE FUNCTION notify_admin_counts();
--> statement-breakpoint
CREATE TRIGGER videos_pending_delete_notify AFTER DELETE ON videos
  FOR EACH ROW WHEN (OLD.status = 'pending') EXECUTE FUNCTION notify_admin_counts();
--> statement-breakpoint
CREATE TRIGGER reports_insert_notify AFTER INSERT ON reports
  FOR EACH ROW EXECUTE FUNCTION notify_admin_counts();
--> statement-breakpoint
CREATE TRIGGER reports_status_update_notify AFTER UPDATE OF status ON reports
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION notify_admin_counts();
--> statement-breakpoint
CREATE TRIGGER reports_delete_notify AFTER DELETE ON reports
  FOR EACH ROW EXECUTE FUNCTION notify_admin_counts();
