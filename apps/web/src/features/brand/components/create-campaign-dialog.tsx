import {
  CAMPAIGN_DESCRIPTION_MAX,
  CAMPAIGN_FIELD_LABELS,
  CAMPAIGN_FORM_FIELD,
  type CampaignFormInput,
  campaignFormSchema,
  TITLE_MAX,
  todayUtc,
} from '@adreel/domain';
import { Plus } from 'lucide-react';
import { type ComponentProps, type FormEvent, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { serverMessage } from '@/lib/error-message';
import { focusField, validate } from '@/lib/validate';
import { useCreateCampaign } from '../api/create-campaign';

const EMPTY: CampaignFormInput = {
  title: '',
  description: '',
  tags: '',
  budgetTotal: '',
  payoutPerVideo: '',
  deadline: '',
};

function DollarInput(props: ComponentProps<typeof Input>) {
  return (
    <div className="relative">
      <span
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-muted-foreground"
      >
        $
      </span>
      <Input {...props} inputMode="decimal" autoComplete="off" className="pl-7 tabular-nums" />
    </div>
  );
}

/** SPEC.md §2 Brand Dashboard: the Create Campaign dialog, validated here and by the server. */
export function CreateCampaignDialog() {
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<CampaignFormInput>(EMPTY);
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const create = useCreateCampaign();

  const set = (field: keyof CampaignFormInput) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    if (error?.field === field) setError(null);
  };
  const errorFor = (field: keyof CampaignFormInput) =>
    error?.field === field ? error.message : null;

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) {
      setForm(EMPTY);
      setError(null);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validate(campaignFormSchema, form);
    if (!result.ok) {
      const field = result.field ? (CAMPAIGN_FORM_FIELD[result.field] ?? result.field) : null;
      setError({ field, message: result.message });
      focusField(formRef.current, field);
      return;
    }
    create.mutate(result.data, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        onOpenChange(false);
      },
      onError: (failure) => toast.error(serverMessage(failure, 'Error creating campaign')),
    });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <Button onClick={() => setOpen(true)}>
        <Plus /> Create Campaign
      </Button>
      <DialogContent>
        <form
          ref={formRef}
          onSubmit={onSubmit}
          noValidate
          className="flex min-h-0 flex-col"
          aria-label="Create Campaign"
        >
          <div className="overflow-y-auto px-6 pt-6 pb-4">
            <p className="text-eyebrow uppercase text-primary">New brief</p>
            <DialogTitle className="mt-2 pr-10 text-xl font-bold tracking-tight">
              Create Campaign
            </DialogTitle>
            <DialogDescription className="mt-1 text-sm text-muted-foreground">
              Creators see it on Campaign Briefs as soon as it is created. Each approved video pays
              the payout from your budget.
            </DialogDescription>
            <div className="mt-5 flex flex-col gap-4">
              <Field label="Title" error={errorFor('title')}>
                {(control) => (
                  <Input
                    {...control}
                    name="title"
                    autoComplete="off"
                    maxLength={TITLE_MAX}
                    placeholder="Summer refresh challenge"
                    value={form.title}
                    onChange={(e) => set('title')(e.target.value)}
                  />
                )}
              </Field>
              <Field label="Description" aside="Optional" error={errorFor('description')}>
                {(control) => (
                  <Textarea
                    {...control}
                    name="description"
                    rows={3}
                    maxLength={CAMPAIGN_DESCRIPTION_MAX}
                    placeholder="What should the ad show? Tone, must-haves, what to avoid."
                    value={form.description}
                    onChange={(e) => set('description')(e.target.value)}
                  />
                )}
              </Field>
              <Field
                label="Tags"
                aside="Optional"
                hint="Separate tags with commas."
                error={errorFor('tags')}
              >
                {(control) => (
                  <Input
                    {...control}
                    name="tags"
                    autoComplete="off"
                    placeholder="summer, drinks, outdoor"
                    value={form.tags}
                    onChange={(e) => set('tags')(e.target.value)}
                  />
                )}
              </Field>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field label={CAMPAIGN_FIELD_LABELS.budgetTotal} error={errorFor('budgetTotal')}>
                  {(control) => (
                    <DollarInput
                      {...control}
                      name="budgetTotal"
                      placeholder="5,000"
                      value={form.budgetTotal}
                      onChange={(e) => set('budgetTotal')(e.target.value)}
                    />
                  )}
                </Field>
                <Field
                  label={CAMPAIGN_FIELD_LABELS.payoutPerVideo}
                  error={errorFor('payoutPerVideo')}
                >
                  {(control) => (
                    <DollarInput
                      {...control}
                      name="payoutPerVideo"
                      placeholder="250"
                      value={form.payoutPerVideo}
                      onChange={(e) => set('payoutPerVideo')(e.target.value)}
                    />
                  )}
                </Field>
              </div>
              <Field
                label="Deadline"
                aside="Optional"
                hint="Entries close after this day (UTC)."
                error={errorFor('deadline')}
              >
                {(control) => (
                  <Input
                    {...control}
                    type="date"
                    name="deadline"
                    min={todayUtc()}
                    value={form.deadline}
                    onChange={(e) => set('deadline')(e.target.value)}
                  />
                )}
              </Field>
              {error && error.field === null && (
                <p role="alert" className="text-sm font-medium text-destructive">
                  {error.message}
                </p>
              )}
            </div>
          </div>
          <div className="flex flex-col-reverse gap-2 border-t border-border px-6 py-4 sm:flex-row sm:justify-end">
            <Button variant="outline" type="button" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending && <Spinner />}
              Create Campaign
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
