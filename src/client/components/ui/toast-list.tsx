import { useToast } from '@/client/hooks/use-toast';
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast';

/** The toasts on screen, with Radix Toast's viewport (loaded by <Toaster> once there is something to show). */
export default function ToastList() {
  const { toasts } = useToast();
  return (
    <ToastProvider>
      {toasts.map(({ id, title, description, action, ...props }) => (
        <Toast key={id} {...props}>
          {/* The toast itself is the status region; keep Radix's separate announcer from repeating the text. */}
          <div className="grid gap-1" data-radix-toast-announce-exclude="">
            {title && <ToastTitle>{title}</ToastTitle>}
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport />
    </ToastProvider>
  );
}
