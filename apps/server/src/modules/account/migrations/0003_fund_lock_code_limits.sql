-- The fund-password withdrawal lock, and per-address limits on verification codes.

-- Withdrawals wait 24 hours after the fund password is changed or reset, as after a login-password change.
ALTER TABLE users ADD COLUMN fund_password_changed_at INTEGER;

-- Codes are limited per client address too, so one address cannot fan out to many destinations.
ALTER TABLE verification_codes ADD COLUMN ip TEXT;
CREATE INDEX verification_codes_ip ON verification_codes(ip, created_at);
