-- When the user last replaced the bound email or phone: withdrawals stay locked for 24 hours after it, as after a
-- login-password change (a hijacked session must not be able to move the account's recovery address and withdraw).
ALTER TABLE users ADD COLUMN contact_changed_at INTEGER;
