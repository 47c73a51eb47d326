import { useState } from 'react';
import { Download } from 'lucide-react';
import { messageOf } from '@/client/lib/api';
import { toast } from '@/client/hooks/use-toast';
import { Button } from '@/client/components/ui/button';
import { Spinner } from '@/client/components/ui/spinner';
import { AccountSection } from './AccountSection';
import { fetchDataExport } from './api';

/** Saves the account's data export as a file. */
export function DataCard() {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const { filename, blob } = await fetchDataExport();
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = filename;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (err) {
      toast({ title: 'Download failed', description: messageOf(err, 'Please try again in a moment.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <AccountSection title="Your data" description="A copy of what this service stores about your account, as a file.">
      <Button variant="outline" onClick={() => void download()} disabled={busy} aria-busy={busy}>
        {busy ? <Spinner /> : <Download />} Download my data
      </Button>
    </AccountSection>
  );
}
