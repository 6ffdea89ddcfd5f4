-- The `orders` database of `npm start`'s demo MariaDB (scripts/lib/demo-mariadb.mjs), run once when its
-- datadir is built: the schema a small web shop's order service would have, with a few weeks of orders,
-- so a session through the bastion has something to read (and a DBA something to change).
CREATE DATABASE orders CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
USE orders;

CREATE TABLE customers (
  id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  name VARCHAR(100) NOT NULL,
  email VARCHAR(190) NOT NULL UNIQUE,
  city VARCHAR(80) NOT NULL,
  country CHAR(2) NOT NULL,
  created_at DATETIME NOT NULL
) ENGINE=InnoDB COMMENT='People who placed at least one order';

CREATE TABLE orders (
  id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  customer_id INT UNSIGNED NOT NULL,
  status ENUM('pending', 'paid', 'shipped', 'delivered', 'cancelled', 'refunded') NOT NULL,
  currency CHAR(3) NOT NULL DEFAULT 'EUR',
  total DECIMAL(10, 2) NOT NULL,
  ordered_at DATETIME NOT NULL,
  shipped_at DATETIME NULL,
  KEY orders_customer (customer_id),
  KEY orders_status_date (status, ordered_at),
  CONSTRAINT orders_customer_fk FOREIGN KEY (customer_id) REFERENCES customers (id)
) ENGINE=InnoDB COMMENT='One row per checkout';

CREATE TABLE order_items (
  id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  order_id INT UNSIGNED NOT NULL,
  sku VARCHAR(32) NOT NULL,
  product VARCHAR(120) NOT NULL,
  quantity SMALLINT UNSIGNED NOT NULL,
  unit_price DECIMAL(10, 2) NOT NULL,
  KEY order_items_order (order_id),
  CONSTRAINT order_items_order_fk FOREIGN KEY (order_id) REFERENCES orders (id) ON DELETE CASCADE
) ENGINE=InnoDB COMMENT='Lines of an order; total = sum(quantity * unit_price)';

INSERT INTO customers (id, name, email, city, country, created_at) VALUES
  (1, 'Anna Schmidt', 'anna.schmidt@example.com', 'Hamburg', 'DE', '2026-03-02 09:14:00'),
  (2, 'Lucas Martin', 'lucas.martin@example.com', 'Lyon', 'FR', '2026-04-18 17:40:00'),
  (3, 'Sofia Rossi', 'sofia.rossi@example.com', 'Milan', 'IT', '2026-05-09 11:02:00'),
  (4, 'Wang Fang', 'wang.fang@example.com', 'Shanghai', 'CN', '2026-06-21 08:30:00'),
  (5, 'James Walker', 'james.walker@example.com', 'Leeds', 'GB', '2026-07-30 20:11:00'),
  (6, 'Marta Nowak', 'marta.nowak@example.com', 'Kraków', 'PL', '2026-09-04 13:25:00'),
  (7, 'Li Wei', 'li.wei@example.com', 'Shenzhen', 'CN', '2026-10-12 10:48:00'),
  (8, 'Emma de Vries', 'emma.devries@example.com', 'Utrecht', 'NL', '2026-11-03 16:05:00');

INSERT INTO orders (id, customer_id, status, currency, total, ordered_at, shipped_at) VALUES
  (1001, 1, 'delivered', 'EUR', 84.80, '2026-11-02 10:21:00', '2026-11-03 08:00:00'),
  (1002, 2, 'delivered', 'EUR', 129.00, '2026-11-04 19:02:00', '2026-11-05 09:30:00'),
  (1003, 3, 'refunded', 'EUR', 45.90, '2026-11-06 12:44:00', '2026-11-07 10:15:00'),
  (1004, 4, 'delivered', 'CNY', 458.00, '2026-11-09 07:55:00', '2026-11-10 06:40:00'),
  (1005, 1, 'shipped', 'EUR', 39.98, '2026-11-15 21:10:00', '2026-11-17 08:05:00'),
  (1006, 5, 'shipped', 'GBP', 72.50, '2026-11-18 14:33:00', '2026-11-19 11:20:00'),
  (1007, 6, 'cancelled', 'EUR', 19.99, '2026-11-20 09:12:00', NULL),
  (1008, 7, 'paid', 'CNY', 236.00, '2026-11-23 22:47:00', NULL),
  (1009, 8, 'paid', 'EUR', 154.70, '2026-11-25 11:06:00', NULL),
  (1010, 2, 'pending', 'EUR', 64.90, '2026-11-26 18:59:00', NULL);

INSERT INTO order_items (order_id, sku, product, quantity, unit_price) VALUES
  (1001, 'KB-104-DE', 'Mechanical keyboard, German layout', 1, 64.90),
  (1001, 'CBL-USBC-2M', 'USB-C cable, 2 m', 2, 9.95),
  (1002, 'MON-27-QHD', '27" QHD monitor arm', 1, 129.00),
  (1003, 'MS-WL-02', 'Wireless mouse', 1, 45.90),
  (1004, 'HS-BT-300', 'Bluetooth headset', 2, 229.00),
  (1005, 'CBL-USBC-2M', 'USB-C cable, 2 m', 2, 9.99),
  (1005, 'PAD-XL', 'Desk mat, XL', 1, 20.00),
  (1006, 'DOCK-7P', '7-port USB-C dock', 1, 72.50),
  (1007, 'PAD-XL', 'Desk mat, XL', 1, 19.99),
  (1008, 'WEBCAM-1080', '1080p webcam', 1, 236.00),
  (1009, 'KB-104-US', 'Mechanical keyboard, US layout', 1, 64.90),
  (1009, 'MS-WL-02', 'Wireless mouse', 1, 45.90),
  (1009, 'STAND-AL', 'Aluminium laptop stand', 1, 43.90),
  (1010, 'KB-104-DE', 'Mechanical keyboard, German layout', 1, 64.90);
