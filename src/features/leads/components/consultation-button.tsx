import { useState, type ComponentType } from "react";
import { toast } from "~/ui/toast.ts";
import { Button } from "~/ui/button.tsx";
import type { ConsultationWizardProps } from "./consultation-wizard.tsx";

type Wizard = ComponentType<ConsultationWizardProps>;

/** The wizard (dialog, form state, the shared schema) is its own chunk, fetched on intent rather than with the page. */
const loadWizard = () => import("./consultation-wizard.tsx");
const preload = () => void loadWizard().catch(() => {});

/**
 * The button that opens the consultation wizard. The page ships only this button; pointing at it or focusing it
 * fetches the wizard, and pressing it renders the wizard open in its place (the wizard's own trigger takes over,
 * so focus returns to it when the dialog closes).
 */
export function ConsultationButton({ triggerLabel = "Schedule Your Free Consultation", ...props }: ConsultationWizardProps) {
  const [Loaded, setLoaded] = useState<Wizard | null>(null);
  // Not useAction: what is awaited is the wizard's code, not a call of the API (nothing changes, nothing to read again).
  const [loading, setLoading] = useState(false);

  if (Loaded) return <Loaded {...props} triggerLabel={triggerLabel} defaultOpen />;

  async function open() {
    if (loading) return;
    setLoading(true);
    try {
      const { ConsultationWizard } = await loadWizard();
      setLoaded(() => ConsultationWizard);
    } catch {
      toast.error("Error", { description: "The request form could not be loaded. Please try again." });
    } finally {
      setLoading(false);
    }
  }

  return (
    <Button
      variant="accent"
      size="lg"
      aria-haspopup="dialog"
      aria-expanded={false}
      aria-busy={loading || undefined}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={() => void open()}
    >
      {triggerLabel}
    </Button>
  );
}
