-- Price band per market: a limit order's price must lie between low × and high × the market's last traded price
-- (parts per million: 200000 = 20%, 5000000 = 500%; 0 turns that side of the band off). Guards against fat-finger
-- prices that would rest absurdly far from the market or sweep a thin book. No band before the first trade.
ALTER TABLE spot_markets ADD COLUMN price_band_low_ppm INTEGER NOT NULL DEFAULT 200000
  CHECK (price_band_low_ppm BETWEEN 0 AND 1000000);
ALTER TABLE spot_markets ADD COLUMN price_band_high_ppm INTEGER NOT NULL DEFAULT 5000000
  CHECK (price_band_high_ppm = 0 OR price_band_high_ppm >= 1000000);
