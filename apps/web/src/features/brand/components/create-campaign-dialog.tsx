import {
  CAMPAIGN_DESCRIPTION_MAX,
  CAMPAIGN_FIELD_LABELS,
  CAMPAIGN_FORM_FIELD,
  type CampaignFormInput,
  type CreateCampaignBody,
  campaignFormSchema,
  TITLE_MAX,
  todayUtc,
} from '@adreel/domain';
import { Plus } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Form, FormField, FormMessage, formMessage, useZodForm } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { serverMessage } from '@/lib/error-message';
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
  const create = useCreateCampaign();
  const form = useZodForm<CampaignFormInput, CreateCampaignBody>(campaignFormSchema, {
    defaultValues: EMPTY,
    fields: CAMPAIGN_FORM_FIELD,
  });

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) form.reset(EMPTY);
  }

  function onSubmit(body: CreateCampaignBody) {
    create.mutate(body, {
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
        <Form
          form={form}
          onSubmit={onSubmit}
          className="min-h-0 gap-0"
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
              <FormField control={form.control} name="title" label="Title">
                {(control) => (
                  <Input
                    {...control}
                    autoComplete="off"
                    maxLength={TITLE_MAX}
                    placeholder="Summer refresh challenge"
                  />
                )}
              </FormField>
              <FormField
                control={form.control}
                name="description"
                label="Description"
                aside="Optional"
              >
                {(control) => (
                  <Textarea
                    {...control}
                    rows={3}
                    maxLength={CAMPAIGN_DESCRIPTION_MAX}
                    placeholder="What should the ad show? Tone, must-haves, what to avoid."
                  />
                )}
              </FormField>
              <FormField
                control={form.control}
                name="tags"
                label="Tags"
                aside="Optional"
                hint="Separate tags with commas."
              >
                {(control) => (
                  <Input {...control} autoComplete="off" placeholder="summer, drinks, outdoor" />
                )}
              </FormField>
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField
                  control={form.control}
                  name="budgetTotal"
                  label={CAMPAIGN_FIELD_LABELS.budgetTotal}
                >
                  {(control) => <DollarInput {...control} placeholder="5,000" />}
                </FormField>
                <FormField
                  control={form.control}
                  name="payoutPerVideo"
                  label={CAMPAIGN_FIELD_LABELS.payoutPerVideo}
                >
                  {(control) => <DollarInput {...control} placeholder="250" />}
                </FormField>
              </div>
              <FormField
                control={form.control}
                name="deadline"
                label="Deadline"
                aside="Optional"
                hint="Entries close after this day (UTC)."
              >
                {(control) => <Input {...control} type="date" min={todayUtc()} />}
              </FormField>
              <FormMessage message={formMessage(form)} />
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
        </Form>
      </DialogContent>
    </Dialog>
  );
}
