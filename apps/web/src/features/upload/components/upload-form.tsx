import {
  formatWholeDollars,
  UPLOAD_MESSAGES,
  type UploadMetadata,
  uploadMetadataSchema,
  type Video,
} from '@adreel/domain';
import { History, Send } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField, useZodForm } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { formatDateTime } from '@/lib/format-time';
import { useOpenCampaigns } from '../api/get-open-campaigns';
import {
  createVideoUpload,
  discardUnfinishedUpload,
  findUnfinishedUpload,
  forgetUnfinishedUploads,
  type PreviousUpload,
  type UploadFields,
  type VideoUpload,
} from '../api/upload-video';
import { checkVideoDuration, checkVideoFile } from '../lib/check-video-file';
import { readVideoDuration } from '../lib/read-video-duration';
import { UploadProgress, type UploadProgressState } from './upload-progress';
import { VideoPicker } from './video-picker';

interface DetailValues {
  title: string;
  caption: string;
  campaignId: string;
  ctaText: string;
  ctaUrl: string;
}

/** What the schema reads: an optional field left empty is left out. */
function detailsOf(values: DetailValues) {
  return {
    title: values.title,
    caption: values.caption.trim() || undefined,
    campaignId: values.campaignId || undefined,
    ctaText: values.ctaText.trim() || undefined,
    ctaUrl: values.ctaUrl.trim() || undefined,
  };
}

const noop = () => {};
/** Callbacks of an upload that is never started, made only to look up the file's fingerprint. */
const probe = { onProgress: noop, onSuccess: noop, onError: noop };

/** SPEC.md §2 Upload: the clip, its title, caption, campaign and call to action, then a tus upload. */
export function UploadForm({
  initialCampaignId,
  onUploaded,
}: {
  initialCampaignId?: string | null;
  onUploaded: (video: Video | null) => void;
}) {
  const campaigns = useOpenCampaigns();
  const formRef = useRef<HTMLFormElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [duration, setDuration] = useState<number | null>(null);
  const durationRef = useRef<Promise<number | null> | null>(null);
  const [measuring, setMeasuring] = useState(false);
  const [previous, setPrevious] = useState<PreviousUpload | null>(null);

  const form = useZodForm<DetailValues, UploadMetadata>(uploadMetadataSchema, {
    defaultValues: {
      title: '',
      caption: '',
      campaignId: initialCampaignId ?? '',
      ctaText: '',
      ctaUrl: '',
    },
    prepare: detailsOf,
  });

  const uploadRef = useRef<VideoUpload | null>(null);
  const [progress, setProgress] = useState<UploadProgressState | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const uploading = progress !== null;

  // Leaving the page stops sending; the fingerprint stays, so the upload can resume later.
  useEffect(() => () => void uploadRef.current?.abort(false), []);

  async function pick(next: File) {
    setFile(next);
    setPrevious(null);
    setDuration(null);
    const early = checkVideoFile(next);
    setFileError(early);
    if (early) {
      durationRef.current = null;
      return;
    }
    setMeasuring(true);
    const reading = readVideoDuration(next);
    durationRef.current = reading;
    const seconds = await reading;
    if (durationRef.current !== reading) return; // another file was picked meanwhile
    setMeasuring(false);
    setDuration(seconds);
    const late = checkVideoDuration(seconds);
    setFileError(late);
    if (!late) {
      setPrevious(await findUnfinishedUpload(createVideoUpload(next, { title: '' }, probe)));
    }
  }

  function start(fields: UploadFields, resumeFrom: PreviousUpload | null) {
    if (!file) return;
    const startedAt = Date.now();
    setProgress({ sent: 0, total: file.size, startedAt, startedFrom: 0 });
    let startedFrom: number | null = null;
    const upload = createVideoUpload(file, fields, {
      onProgress: (sent, total) => {
        startedFrom ??= sent;
        setProgress({ sent, total, startedAt, startedFrom });
      },
      onSuccess: (video) => {
        uploadRef.current = null;
        toast.success(UPLOAD_MESSAGES.inReview);
        onUploaded(video);
      },
      onError: (message) => {
        uploadRef.current = null;
        setProgress(null);
        setPrevious(null);
        if (message !== UPLOAD_MESSAGES.failed) {
          // The server refused the file (a check failed): it kept nothing, so nothing can resume.
          setFileError(message);
          void forgetUnfinishedUploads(upload);
        }
        toast.error(message);
      },
    });
    uploadRef.current = upload;
    if (resumeFrom) upload.resumeFromPreviousUpload(resumeFrom);
    upload.start();
  }

  async function cancel() {
    const upload = uploadRef.current;
    if (!upload) return;
    setCancelling(true);
    uploadRef.current = null;
    await upload.abort(true).catch(() => {});
    setCancelling(false);
    setProgress(null);
    toast('Upload cancelled');
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (uploading) return;
    let fileMessage = checkVideoFile(file);
    if (!fileMessage) fileMessage = checkVideoDuration(await (durationRef.current ?? null));
    setFileError(fileMessage);
    if (fileMessage) {
      // The file first: its fault is shown and focused; the details' faults show at their fields.
      await form.trigger(undefined, { shouldFocus: false });
      formRef.current?.querySelector<HTMLInputElement>('input[type=file]')?.focus();
      return;
    }
    await form.handleSubmit(async ({ filename: _name, filetype: _type, ...fields }) => {
      if (previous) {
        // A fresh upload of a file that had an unfinished one: that one is dropped first, so it no
        // longer counts toward the server's limit on unfinished uploads when the new one starts.
        setPrevious(null);
        await discardUnfinishedUpload(previous);
      }
      start(fields, null);
    })();
  }

  function resume() {
    if (!previous) return;
    const m = previous.metadata;
    form.reset({
      title: m.title ?? '',
      caption: m.caption ?? '',
      campaignId: m.campaignId ?? '',
      ctaText: m.ctaText ?? '',
      ctaUrl: m.ctaUrl ?? '',
    });
    const fields: UploadFields = {
      title: m.title ?? '',
      caption: m.caption,
      campaignId: m.campaignId,
      ctaText: m.ctaText,
      ctaUrl: m.ctaUrl,
    };
    const from = previous;
    setPrevious(null);
    start(fields, from);
  }

  async function startOver() {
    if (!previous) return;
    const gone = previous;
    setPrevious(null);
    await discardUnfinishedUpload(gone);
  }

  const campaignList = campaigns.data ?? [];
  const campaignId = form.watch('campaignId');
  const preselectedMissing =
    campaignId !== '' && campaigns.isSuccess && !campaignList.some((c) => c.id === campaignId);

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      className="grid gap-8 md:grid-cols-[minmax(0,17rem)_minmax(0,1fr)] md:items-start lg:gap-12"
    >
      <div className="md:sticky md:top-24">
        <VideoPicker
          file={file}
          durationSec={duration}
          measuring={measuring}
          error={fileError}
          disabled={uploading}
          onPick={(next) => void pick(next)}
        />
      </div>

      <div className="flex flex-col gap-5">
        {previous && !uploading && (
          <div className="flex flex-col gap-3 rounded-2xl border border-primary/25 bg-brand-soft p-4 sm:flex-row sm:items-center">
            <History className="size-5 shrink-0 text-primary" aria-hidden="true" />
            <p className="min-w-0 flex-1 text-sm text-pretty">
              <span className="font-semibold">You already started uploading this file</span>
              {previous.metadata.title ? ` as “${previous.metadata.title}”` : ''}
              {previous.creationTime ? `, ${formatDateTime(previous.creationTime)}` : ''}. Pick up
              where it stopped?
            </p>
            <div className="flex shrink-0 gap-2">
              <Button type="button" size="sm" onClick={resume}>
                Resume upload
              </Button>
              <Button type="button" size="sm" variant="outline" onClick={() => void startOver()}>
                Start over
              </Button>
            </div>
          </div>
        )}

        <fieldset disabled={uploading} className="flex flex-col gap-5">
          <FormField control={form.control} name="title" label="Title">
            {(control) => <Input {...control} required placeholder="What is your ad about?" />}
          </FormField>
          <FormField control={form.control} name="caption" label="Caption" aside="Optional">
            {(control) => (
              <Textarea
                {...control}
                rows={3}
                placeholder="A line or two viewers read under the video"
              />
            )}
          </FormField>
          <FormField
            control={form.control}
            name="campaignId"
            label="Campaign"
            aside="Optional"
            hint={
              campaigns.isError
                ? 'Open campaigns could not be loaded; you can still upload on your own.'
                : 'Uploading for a campaign sends your video to the brand for review.'
            }
          >
            {(control) => (
              <NativeSelect {...control}>
                <option value="">No campaign</option>
                {preselectedMissing && <option value={campaignId}>Campaign no longer open</option>}
                {campaignList.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.title} · {formatWholeDollars(c.payoutPerVideoCents)} per video
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <div className="grid gap-5 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
            <FormField control={form.control} name="ctaText" label="Button text" aside="Optional">
              {(control) => <Input {...control} placeholder="Shop now" />}
            </FormField>
            <FormField control={form.control} name="ctaUrl" label="Button link" aside="Optional">
              {(control) => (
                <Input {...control} type="url" inputMode="url" placeholder="https://" />
              )}
            </FormField>
          </div>
        </fieldset>

        {progress ? (
          <UploadProgress
            progress={progress}
            cancelling={cancelling}
            onCancel={() => void cancel()}
          />
        ) : (
          <Button type="submit" size="lg" className="w-full sm:w-auto sm:self-start">
            <Send /> Upload video
          </Button>
        )}
      </div>
    </form>
  );
}
