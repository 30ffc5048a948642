-- Responsible gaming counts play on transfer-wallet vendors (docs/architecture.md
-- "Responsible gaming: transfer wallets"). Money moved into a vendor's own wallet is counted as
-- wagered and lost (rg_take_bet, under the member's lock, in the transaction that holds the
-- money), money that comes back lowers the loss (rg_give_back), and a transfer-in the vendor
-- refused gives both back. rg_counted says whether this transfer-in was counted, so a refund
-- never gives back what was never taken (a member who set a limit after the transfer began).
ALTER TABLE vendor_transfers ADD COLUMN rg_counted boolean NOT NULL DEFAULT false;
