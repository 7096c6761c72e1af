// A badge styled by a Sass CSS module, with the site's global Sass stylesheet.
import '../css/site.scss';
import styles from './Badge.module.scss';

export default function Badge({ label, children }) {
  return (
    <span className={styles.badge}>
      <b className={styles.label}>{label}</b> {children}
    </span>
  );
}
