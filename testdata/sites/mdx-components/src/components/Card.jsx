// A boxed card with a title, styled by a CSS module; one page imports it.
import styles from './Card.module.css';

export default function Card({ title, children }) {
  return (
    <div className={styles.card}>
      <p className={styles.cardTitle}>{title}</p>
      <div className={styles.cardBody}>{children}</div>
    </div>
  );
}
