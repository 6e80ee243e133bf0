-- Both price sorts order by the price the card shows (priceMin), so nothing orders by priceMax any more.
-- DropIndex
DROP INDEX "Product_storeId_priceMax_pId_idx";
