import { LogOut } from 'lucide-react';
import { isStaff } from '@/shared/roles';
import { useCurrentUser, useLogout } from '@/client/lib/auth';
import { Button } from '@/client/components/ui/button';
import { PageShell } from '@/client/components/PageShell';
import { CheckoutNotice, useCheckoutReturn } from '@/client/features/account/CheckoutReturn';
import { PlanCard } from '@/client/features/account/PlanCard';
import { ProfileCard } from '@/client/features/account/ProfileCard';
import { PasswordCard } from '@/client/features/account/PasswordCard';
import { PaymentsCard } from '@/client/features/account/PaymentsCard';
import { DataCard } from '@/client/features/account/DataCard';
import { DeleteAccountCard } from '@/client/features/account/DeleteAccountCard';
import { SupportCard } from '@/client/features/account/SupportCard';
import { ApiKeysCard } from '@/client/features/account/ApiKeysCard';
import { HistorySettingCard } from '@/client/features/history/HistorySettingCard';
import { NotificationsCard } from '@/client/features/notifications/NotificationsCard';

/** /account: profile and password for everyone; plan and payments for user accounts (staff have no plan). */
export default function AccountPage() {
  const { user } = useCurrentUser();
  const logout = useLogout('user');
  const checkoutReturn = useCheckoutReturn();
  if (!user) return null;
  const staff = isStaff(user.role);
  return (
    <PageShell
      title="Account Settings"
      description={staff ? 'Your profile and password.' : 'Your profile, password, plan and payments.'}
      actions={
        <Button variant="outline" onClick={() => void logout()}>
          <LogOut /> Log out
        </Button>
      }
    >
      {checkoutReturn.notice && <CheckoutNotice notice={checkoutReturn.notice} onDismiss={checkoutReturn.dismiss} />}
      <div className="grid gap-6 lg:grid-cols-2">
        {!staff && <PlanCard expectedPlan={checkoutReturn.expectedPlan} className="lg:col-span-2" />}
        <ProfileCard user={user} />
        <PasswordCard />
        {!staff && <PaymentsCard className="lg:col-span-2" />}
        {!staff && <ApiKeysCard className="lg:col-span-2" />}
        <SupportCard className="lg:col-span-2" />
        <HistorySettingCard className="lg:col-span-2" />
        <NotificationsCard className="lg:col-span-2" />
        <DataCard />
        <DeleteAccountCard staff={staff} />
      </div>
    </PageShell>
  );
}
