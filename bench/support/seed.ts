/** Bulk rows for the benchmarks: creators with profiles and approved videos, in a few statements. */
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client';

export async function seedCreatorsAndVideos(
  db: Database,
  options: { creators: number; videos: number; featured: number },
): Promise<void> {
  await db.execute(sql`
    with made as (
      insert into users (email, email_verified_at)
      select 'bench_creator_' || i || '@example.test', now() from generate_series(1, ${options.creators}) i
      returning id, email
    )
    insert into profiles (user_id, username, display_name, photo_url)
    select id, split_part(email, '@', 1), 'Bench ' || split_part(email, '@', 1),
      '/media/photos/' || id || '.jpg'
    from made`);
  await db.execute(sql`
    insert into user_roles (user_id, role) select user_id, 'creator' from profiles`);
  // Scores and times spread like a month of a live platform; a few featured.
  await db.execute(sql`
    with creators as (select user_id, row_number() over () as n from profiles)
    insert into videos (creator_id, title, caption, file_url, thumb_url, duration_sec, status,
      cta_text, cta_url, views, likes, shares, watch_time_avg, score, decayed_score, featured,
      published_at)
    select c.user_id, 'Bench video ' || i, 'A caption for bench video ' || i,
      '/media/videos/bench-' || i || '.mp4', '/media/posters/bench-' || i || '.jpg',
      5 + (i % 25), 'approved', 'Learn More', 'https://example.com/' || i,
      (random() * 50000)::int, (random() * 5000)::int, (random() * 500)::int, random(),
      random(), random() * 0.5, i <= ${options.featured},
      now() - random() * interval '30 days'
    from generate_series(1, ${options.videos}) i
    join creators c on c.n = 1 + (i % ${options.creators})`);
  await db.execute(sql`analyze`);
}
