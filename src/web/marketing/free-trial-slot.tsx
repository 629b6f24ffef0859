import FreeTrialWidget from '../features/free-trial/free-trial-widget';

/**
 * The landing page's free-trial section body. The landing page lazy-loads this module, so the
 * widget's code (dropzone, dialog, upload) stays out of the page's first chunk. The section
 * around it already shows the title and text, so the widget's own header is off.
 */
export function FreeTrialSlot() {
  return <FreeTrialWidget withHeader={false} />;
}

export default FreeTrialSlot;
