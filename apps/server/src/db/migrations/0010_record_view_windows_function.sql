-- Records one viewer's metric batch (modules/metrics, DESIGN.md §3, decision 013) in a single
-- statement: the caller's autocommit makes it one transaction, durable when it returns. Inside, the
-- viewer's advisory lock comes first, and each later statement of a VOLATILE function takes a fresh
-- snapshot, so a batch sees every window a concurrent batch of the same viewer committed before it.
-- The arrays describe the batch per video (what its events reached); the windows of the last
-- p_window_hours are merged with it, new windows inserted, and each video's counters moved by
-- exactly what its windows changed: views = counted windows, vt50/vt90 = counted windows that
-- reached 50 %/90 %, clicks = clicked windows, watch_time_avg = mean furthest fraction of counted
-- windows. Returns the batch's videos that are live (approved); the others are left out.
CREATE FUNCTION record_view_windows(
  p_viewer_key text,
  p_user_id uuid,
  p_ip text,
  p_video_ids uuid[],
  p_counted boolean[],
  p_reached_50 boolean[],
  p_reached_90 boolean[],
  p_clicked boolean[],
  p_furthest real[],
  p_window_hours integer
) RETURNS SETOF uuid LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended(p_viewer_key, 0));
  RETURN QUERY
  WITH batch AS (
    SELECT b.video_id, b.counted, b.r50, b.r90, b.clicked, b.furthest
    FROM unnest(p_video_ids, p_counted, p_reached_50, p_reached_90, p_clicked, p_furthest)
      AS b(video_id, counted, r50, r90, clicked, furthest)
    JOIN videos v ON v.id = b.video_id AND v.status = 'approved'
  ),
  current_windows AS (
    SELECT DISTINCT ON (e.video_id) e.id, e.video_id, e.counted_at IS NOT NULL AS counted,
      e.reached_50, e.reached_90, e.clicked_at IS NOT NULL AS clicked, e.furthest_fraction
    FROM view_events e
    JOIN batch b ON b.video_id = e.video_id
    WHERE e.viewer_key = p_viewer_key
      AND e.created_at > now() - make_interval(hours => p_window_hours)
    ORDER BY e.video_id, e.created_at DESC
  ),
  merged AS (
    SELECT b.video_id, w.id AS window_id,
      coalesce(w.counted, false) AS was_counted,
      coalesce(w.reached_50, false) AS was_50,
      coalesce(w.reached_90, false) AS was_90,
      coalesce(w.clicked, false) AS was_clicked,
      coalesce(w.furthest_fraction, 0::real) AS was_furthest,
      coalesce(w.counted, false) OR b.counted AS counted,
      coalesce(w.clicked, false) OR b.clicked AS clicked,
      coalesce(w.reached_50, false) OR b.r50 AS reached_50,
      coalesce(w.reached_90, false) OR b.r90 AS reached_90,
      greatest(coalesce(w.furthest_fraction, 0::real), b.furthest) AS furthest
    FROM batch b
    LEFT JOIN current_windows w ON w.video_id = b.video_id
  ),
  inserted AS (
    INSERT INTO view_events (video_id, viewer_key, user_id, ip, furthest_fraction, counted_at,
      reached_50, reached_90, clicked_at)
    SELECT m.video_id, p_viewer_key, p_user_id, p_ip, m.furthest,
      CASE WHEN m.counted THEN now() END, m.reached_50, m.reached_90,
      CASE WHEN m.clicked THEN now() END
    FROM merged m
    WHERE m.window_id IS NULL
    RETURNING 1
  ),
  changed AS (
    UPDATE view_events e SET
      furthest_fraction = m.furthest,
      counted_at = CASE WHEN m.counted THEN coalesce(e.counted_at, now()) END,
      reached_50 = m.reached_50,
      reached_90 = m.reached_90,
      clicked_at = CASE WHEN m.clicked THEN coalesce(e.clicked_at, now()) END
    FROM merged m
    WHERE e.id = m.window_id
      AND (m.counted <> m.was_counted OR m.clicked <> m.was_clicked OR m.reached_50 <> m.was_50
        OR m.reached_90 <> m.was_90 OR m.furthest <> m.was_furthest)
    RETURNING 1
  ),
  deltas AS (
    SELECT m.video_id,
      m.counted::int - m.was_counted::int AS views,
      (m.counted AND m.reached_50)::int - (m.was_counted AND m.was_50)::int AS vt50,
      (m.counted AND m.reached_90)::int - (m.was_counted AND m.was_90)::int AS vt90,
      m.clicked::int - m.was_clicked::int AS clicks,
      CASE WHEN m.counted THEN m.furthest::float8 ELSE 0 END
        - CASE WHEN m.was_counted THEN m.was_furthest::float8 ELSE 0 END AS watch_sum
    FROM merged m
  ),
  counters AS (
    -- watch_time_avg stays the mean over counted views: old mean × old views + the change in the
    -- sum of furthest fractions, over the new number of views.
    UPDATE videos v SET
      views = v.views + d.views,
      vt50_count = v.vt50_count + d.vt50,
      vt90_count = v.vt90_count + d.vt90,
      clicks = v.clicks + d.clicks,
      watch_time_avg = CASE WHEN v.views + d.views > 0
        THEN least(1, greatest(0,
          (v.watch_time_avg::float8 * v.views + d.watch_sum) / (v.views + d.views)))
        ELSE 0 END
    FROM deltas d
    WHERE v.id = d.video_id
      AND (d.views <> 0 OR d.vt50 <> 0 OR d.vt90 <> 0 OR d.clicks <> 0 OR d.watch_sum <> 0)
    RETURNING 1
  )
  SELECT b.video_id FROM batch b;
END;
$$;
