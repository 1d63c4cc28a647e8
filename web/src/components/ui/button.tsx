import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

const buttonVariants = cva(
  'inline-flex min-h-10 items-center justify-center gap-2 rounded-lg text-sm font-semibold whitespace-nowrap transition-colors disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-brand-700 text-white hover:bg-brand-800',
        destructive: 'bg-accent-600 text-white hover:bg-accent-700',
        outline: 'border-border bg-card hover:bg-muted border',
        secondary: 'bg-brand-50 text-brand-800 hover:bg-brand-100',
        ghost: 'hover:bg-muted',
        link: 'text-brand-700 underline-offset-4 hover:underline',
      },
      size: {
        default: 'px-4 py-2',
        sm: 'min-h-8 px-3 text-xs',
        lg: 'min-h-12 px-6 text-base',
        icon: 'size-10',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export interface ButtonProps extends ComponentProps<'button'>, VariantProps<typeof buttonVariants> {
  asChild?: boolean;
}

export function Button({ className, variant, size, asChild = false, ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : 'button';
  return <Component className={cn(buttonVariants({ variant, size, className }))} {...props} />;
}
