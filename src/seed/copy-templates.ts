import type { Language } from './vocabulary.js';

/**
 * Sentences for excerpts and descriptions. Slot i means the same thing in every language, so a
 * translation picks the same slots as the original. Placeholders: {title}, {titleLower}, {our},
 * {adjective}, {noun}, {material}. Phrasings avoid words that would have to agree with a
 * noun's gender unless a placeholder ({our}) carries it.
 */
export interface CopyTemplates {
  excerpts: string[];
  openers: string[];
  details: string[];
  closers: string[];
}

export const copyTemplates: Record<Language, CopyTemplates> = {
  en: {
    excerpts: [
      '{adjective} {noun} in {material}, made for every day.',
      'Made from {material}, designed to last.',
      'Timeless design in {material} at a fair price.',
      'Small-batch {noun} in {material}.',
    ],
    openers: [
      'Meet the {title}, made to look good and last for years.',
      'Every {title} is finished by hand in small batches.',
      '{our} {title} pairs honest materials with a shape that never dates.',
      'Our workshop designed this piece for everyday use.',
    ],
    details: [
      'Its {material} only gets better with use.',
      'Main material: {material}, chosen for its strength and the way it ages.',
      'Each piece is made from responsibly sourced {material}.',
      'Made in {material}: light, durable and easy to live with.',
    ],
    closers: [
      'Ships within two business days in recyclable packaging.',
      'Backed by our one-year quality promise.',
      'Free returns within 30 days.',
      'Care: wipe clean or follow the label.',
    ],
  },
  fr: {
    excerpts: [
      '{title}, pour tous les jours.',
      'Fabrication en {material}, conçue pour durer.',
      'Un design intemporel en {material}, à prix juste.',
      'Petite série, en {material}.',
    ],
    openers: [
      'Découvrez {our} {titleLower}, une pièce faite pour durer des années.',
      'Chaque {titleLower} passe entre les mains de nos artisans, en petites séries.',
      '{our} {titleLower} associe des matières honnêtes à une ligne qui ne se démode pas.',
      'Notre atelier a dessiné ce modèle pour un usage quotidien.',
    ],
    details: [
      'Sa matière, en {material}, gagne en caractère avec le temps.',
      'Matière principale : {material}, pour sa solidité et sa patine.',
      'Chaque pièce est réalisée en {material} de provenance responsable.',
      'Fabrication en {material} : légèreté, solidité et simplicité au quotidien.',
    ],
    closers: [
      'Expédition sous deux jours ouvrés, dans un emballage recyclable.',
      "Garantie qualité d'un an incluse.",
      'Retours gratuits sous 30 jours.',
      "Entretien : nettoyer avec un chiffon ou suivre l'étiquette.",
    ],
  },
  es: {
    excerpts: [
      '{title}, para todos los días.',
      'Fabricación en {material}, pensada para durar.',
      'Diseño atemporal en {material}, a un precio justo.',
      'Pequeña serie, en {material}.',
    ],
    openers: [
      'Descubre {our} {titleLower}, una pieza hecha para durar años.',
      'Cada {titleLower} pasa por las manos de nuestros artesanos, en pequeñas series.',
      '{our} {titleLower} combina materiales honestos con una línea que no pasa de moda.',
      'Nuestro taller diseñó este modelo para el uso diario.',
    ],
    details: [
      'Su material, {material}, gana carácter con el tiempo.',
      'Material principal: {material}, por su resistencia y su pátina.',
      'Cada pieza se fabrica en {material} de origen responsable.',
      'Fabricación en {material}: ligereza, resistencia y sencillez cada día.',
    ],
    closers: [
      'Envío en dos días hábiles, en embalaje reciclable.',
      'Garantía de calidad de un año incluida.',
      'Devoluciones gratuitas en 30 días.',
      'Cuidado: limpiar con un paño o seguir la etiqueta.',
    ],
  },
};

/** Every language has the same number of sentences per slot; the seeder draws slot indexes from this. */
export const templateCounts = {
  excerpts: copyTemplates.en.excerpts.length,
  openers: copyTemplates.en.openers.length,
  details: copyTemplates.en.details.length,
  closers: copyTemplates.en.closers.length,
};
