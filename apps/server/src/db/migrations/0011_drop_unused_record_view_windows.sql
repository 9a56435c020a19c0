-- Metrics batches are now stored in groups by one set-based statement in modules/metrics
-- (group commit, decision 013); the per-batch function of 0010 is no longer called.
DROP FUNCTION IF EXISTS record_view_windows(text, uuid, text, uuid[], boolean[], boolean[], boolean[], boolean[], real[], integer);
