import { useState } from 'react';
import { Share2 } from 'lucide-react';
import { share, type ShareData } from '@/client/lib/native';
import { toast } from '@/client/hooks/use-toast';
import { Button, type ButtonProps } from '@/client/components/ui/button';

/**
 * Share through the device's share sheet (the app's Share plugin, or navigator.share). Where there is none the link
 * goes to the clipboard, and the toast says so: the one mobile fallback the user is told about.
 */
export function ShareButton({ data, label = 'Share', ...props }: { data: () => ShareData; label?: string } & Omit<ButtonProps, 'onClick'>) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outline"
      {...props}
      disabled={busy || props.disabled}
      onClick={async () => {
        setBusy(true);
        const outcome = await share(data());
        setBusy(false);
        if (outcome === 'copied')
          toast({ title: 'Copied to clipboard', description: 'No share sheet here, so it was copied: paste it where you want to share it.' });
        if (outcome === 'failed') toast({ title: 'Sharing is not available here', description: 'Select the text or link and copy it.' });
      }}
    >
      <Share2 /> {label}
    </Button>
  );
}
