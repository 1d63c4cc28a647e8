import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { CallControls } from './call-controls';

afterEach(() => i18n.changeLanguage('en'));

function Harness({ role, onHangUp }: { role: 'doctor' | 'patient'; onHangUp: () => void }) {
  const [muted, setMuted] = useState(false);
  const [cameraOff, setCameraOff] = useState(false);
  const [audioOnly, setAudioOnly] = useState(false);
  return (
    <CallControls
      role={role}
      muted={muted}
      cameraOff={cameraOff}
      audioOnly={audioOnly}
      onMute={() => setMuted((before) => !before)}
      onCamera={() => setCameraOff((before) => !before)}
      onAudioOnly={() => setAudioOnly((before) => !before)}
      onHangUp={onHangUp}
    />
  );
}

const button = (name: string) => screen.getByRole('button', { name });

describe('CallControls', () => {
  it('keeps each toggle’s name and says whether it is on', async () => {
    render(<Harness role="patient" onHangUp={vi.fn()} />);
    for (const name of ['Mute', 'Camera off', 'Audio only']) {
      expect(button(name)).toHaveAttribute('aria-pressed', 'false');
    }
    await userEvent.click(button('Mute'));
    expect(button('Mute')).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(button('Camera off'));
    expect(button('Camera off')).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(button('Mute'));
    expect(button('Mute')).toHaveAttribute('aria-pressed', 'false');
  });

  it('holds the camera switch while the call is audio only', async () => {
    render(<Harness role="patient" onHangUp={vi.fn()} />);
    await userEvent.click(button('Audio only'));
    expect(button('Audio only')).toHaveAttribute('aria-pressed', 'true');
    expect(button('Camera off')).toBeDisabled();
    await userEvent.click(button('Audio only'));
    expect(button('Camera off')).toBeEnabled();
  });

  it('offers the doctor "End visit" and the patient "Leave"', async () => {
    const hangUp = vi.fn();
    const { unmount } = render(<Harness role="doctor" onHangUp={hangUp} />);
    expect(screen.queryByRole('button', { name: 'Leave' })).toBeNull();
    await userEvent.click(button('End visit'));
    expect(hangUp).toHaveBeenCalledOnce();
    unmount();
    render(<Harness role="patient" onHangUp={hangUp} />);
    expect(screen.queryByRole('button', { name: 'End visit' })).toBeNull();
    expect(button('Leave')).toBeVisible();
  });

  it('speaks Nepali', async () => {
    await i18n.changeLanguage('ne');
    render(<Harness role="doctor" onHangUp={vi.fn()} />);
    expect(button('आवाज मात्र')).toBeVisible();
    expect(button('भेट सक्नुहोस्')).toBeVisible();
  });
});
