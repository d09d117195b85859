import { useState } from 'react';
import { Send } from 'lucide-react';
import { useCan } from '@web/app/session';
import { Button, type ButtonProps } from '@web/components/ui/button';
import { useBullhornConnection } from './connection';
import { PushDialog, type PushTarget } from './push-dialog';

/** 'Push to Bullhorn' for a list or a profile: shown once the caller's team (or the caller) connected Bullhorn (ADR 064). */
export function PushButton({ target, label = 'Push to Bullhorn', ...props }: { target: PushTarget; label?: string } & Pick<ButtonProps, 'variant' | 'size' | 'className'>) {
  const canPush = useCan('integrations:use');
  const connection = useBullhornConnection(canPush);
  const [open, setOpen] = useState(false);
  if (!canPush || connection.data?.status !== 'connected') return null;
  return (
    <>
      <Button {...props} onClick={() => setOpen(true)}>
        <Send aria-hidden />
        {label}
      </Button>
      <PushDialog target={target} open={open} onOpenChange={setOpen} />
    </>
  );
}
