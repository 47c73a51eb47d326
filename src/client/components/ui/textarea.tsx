import * as React from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '@/client/lib/utils';

export const textareaVariants = cva(
  'w-full resize-y border border-input bg-background p-3 outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[invalid=true]:border-destructive',
  {
    variants: {
      size: {
        // forms (admin editors): compact, 16 px on phones so iOS does not zoom in
        default: 'rounded-lg text-base leading-6 md:text-sm',
        // the text a tool works on: larger type and line height, since people read it closely
        tool: 'rounded-xl text-[15px] leading-7',
      },
    },
    defaultVariants: { size: 'default' },
  },
);

export interface TextareaProps extends React.TextareaHTMLAttributes<HTMLTextAreaElement>, VariantProps<typeof textareaVariants> {}

export const Textarea = React.forwardRef<HTMLTextAreaElement, TextareaProps>(({ className, size, ...props }, ref) => (
  <textarea ref={ref} className={cn(textareaVariants({ size, className }))} {...props} />
));
Textarea.displayName = 'Textarea';
