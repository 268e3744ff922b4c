-- Content about a product (a JSON array of product keys) is shown only while every one of them is available, so a
-- product that is off or not built yet has no banner, notice or help entry promising it.
ALTER TABLE content_articles ADD COLUMN products TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(products));
ALTER TABLE content_banners ADD COLUMN products TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(products));

-- The demo content earlier versions wrote: tag what promises products.
UPDATE content_articles SET products = '["futures"]' WHERE category = 'swap';
UPDATE content_articles SET products = '["futures","options","c2c"]'
  WHERE id IN (SELECT article_id FROM content_article_texts
               WHERE lang = 'en' AND title = 'Bourse is live: spot, perpetuals and options in one app');
UPDATE content_articles SET products = '["rewards"]'
  WHERE id IN (SELECT article_id FROM content_article_texts
               WHERE lang = 'en' AND title = 'Daily check-in: a 7-day streak doubles your reward');
UPDATE content_banners SET products = '["futures"]' WHERE link = '/pages/lever/lever';
UPDATE content_banners SET products = '["options"]' WHERE link = '/pages/Option/Option';
UPDATE content_banners SET products = '["futures","options","c2c"]'
  WHERE link IN (SELECT '/pages/index/notice?id=' || article_id FROM content_article_texts
                 WHERE lang = 'en' AND title = 'Bourse is live: spot, perpetuals and options in one app');
