import { JOB_TEXTS, type ProcessingJob } from '@adreel/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, mockApi, renderApp, signedInAs } from '@/test/render-app';

const job: ProcessingJob = {
  id: 'a1a1a1a1-1111-4111-8111-111111111111',
  state: 'failed',
  videoId: 'b2b2b2b2-2222-4222-8222-222222222222',
  videoTitle: 'Summer spot',
  creator: 'Sam Creator',
  reason: 'Not a video container',
  attempts: 1,
  maxAttempts: 3,
  at: new Date(Date.now() - 600_000).toISOString(),
};

describe('admin failed jobs', () => {
  it('lists a failed job with its video, creator, reason and attempts', async () => {
    mockApi({ 'GET /api/admin/jobs': jsonResponse({ jobs: [job] }) });
    renderApp('/admin/jobs', signedInAs('admin'));
    const item = (await screen.findByText('Summer spot')).closest('li') as HTMLElement;
    expect(item.textContent).toContain('By Sam Creator');
    expect(item.textContent).toContain('Attempts 1 of 3');
    expect(item.textContent).toContain('10 minutes ago');
    expect(item.textContent).toContain('Not a video container');
    expect(within(item).getByText('Failed')).toBeTruthy();
  });

  it('retries a job after confirmation', async () => {
    let retried = 0;
    let jobs = [job];
    mockApi({
      'GET /api/admin/jobs': () => jsonResponse({ jobs }),
      [`POST /api/admin/jobs/${job.id}/retry`]: () => {
        retried += 1;
        jobs = [];
        return jsonResponse({ message: JOB_TEXTS.retried, jobId: job.id });
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/jobs', signedInAs('admin'));
    await user.click(await screen.findByRole('button', { name: 'Retry Summer spot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retry processing?' });
    expect(retried).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(JOB_TEXTS.retried)).toBeTruthy();
    expect(retried).toBe(1);
    expect(await screen.findByText('No failed or stuck jobs')).toBeTruthy();
  });

  it('says why a retry was refused', async () => {
    mockApi({
      'GET /api/admin/jobs': jsonResponse({ jobs: [{ ...job, state: 'stuck' }] }),
      [`POST /api/admin/jobs/${job.id}/retry`]: errorResponse(
        409,
        'job_not_retryable',
        JOB_TEXTS.notRetryable,
      ),
    });
    const user = userEvent.setup();
    renderApp('/admin/jobs', signedInAs('admin'));
    expect(await screen.findByText('Stuck')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Retry Summer spot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retry processing?' });
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(JOB_TEXTS.notRetryable)).toBeTruthy();
  });

  it('shows the empty and the error state', async () => {
    mockApi({ 'GET /api/admin/jobs': jsonResponse({ jobs: [] }) });
    const first = renderApp('/admin/jobs', signedInAs('admin'));
    expect(await screen.findByText('No failed or stuck jobs')).toBeTruthy();
    first.unmount();
    mockApi({ 'GET /api/admin/jobs': errorResponse(500, 'internal', 'Something went wrong') });
    renderApp('/admin/jobs', signedInAs('admin'));
    expect(await screen.findByText("The jobs can't be loaded right now")).toBeTruthy();
  });
});
