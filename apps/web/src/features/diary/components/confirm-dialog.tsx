// The diary's confirmations are the shared dialog (components/confirm-dialog.tsx).
export { ConfirmDialog } from '../../../components/confirm-dialog';
